import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { imageOriginsOf, s3SettingsOf } from './image-storage.js';

const load = (env: Record<string, string>) => loadConfig(env);

describe('image storage configuration', () => {
  it('keeps images on disk unless S3_BUCKET is set', () => {
    const config = load({});
    expect(s3SettingsOf(config)).toBeUndefined();
    expect(imageOriginsOf(config)).toEqual([]);
  });

  it('uses AWS with the default region and credentials when only the bucket is given', () => {
    expect(s3SettingsOf(load({ S3_BUCKET: 'shop-images' }))).toEqual({
      bucket: 'shop-images',
      region: 'us-east-1',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
      publicUrl: undefined,
    });
  });

  it('puts the bucket in the path for a self-hosted endpoint unless told otherwise', () => {
    const minio = { S3_BUCKET: 'shop', S3_ENDPOINT: 'http://minio:9000' };
    expect(s3SettingsOf(load(minio))?.forcePathStyle).toBe(true);
    expect(s3SettingsOf(load({ ...minio, S3_FORCE_PATH_STYLE: 'false' }))?.forcePathStyle).toBe(false);
    expect(s3SettingsOf(load({ S3_BUCKET: 'shop', S3_FORCE_PATH_STYLE: 'true' }))?.forcePathStyle).toBe(true);
  });

  it('passes static keys and a region', () => {
    const settings = s3SettingsOf(
      load({ S3_BUCKET: 'shop', S3_REGION: 'eu-west-3', S3_ACCESS_KEY: 'key', S3_SECRET_KEY: 'secret' }),
    );
    expect(settings).toMatchObject({
      region: 'eu-west-3',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
    });
  });

  it('links images at S3_PUBLIC_URL and lets the page load them from its origin', () => {
    const config = load({ S3_BUCKET: 'shop', S3_PUBLIC_URL: 'https://cdn.example.com/images/' });
    expect(s3SettingsOf(config)?.publicUrl).toBe('https://cdn.example.com/images');
    expect(imageOriginsOf(config)).toEqual(['https://cdn.example.com']);
  });

  it('refuses half a key pair, naming the missing half', () => {
    expect(() => load({ S3_BUCKET: 'shop', S3_ACCESS_KEY: 'key' })).toThrow(
      /S3_SECRET_KEY: S3_ACCESS_KEY needs S3_SECRET_KEY/,
    );
    expect(() => load({ S3_BUCKET: 'shop', S3_SECRET_KEY: 'secret' })).toThrow(
      /S3_ACCESS_KEY: S3_SECRET_KEY needs S3_ACCESS_KEY/,
    );
  });

  it('refuses S3 settings without a bucket rather than quietly using the disk', () => {
    expect(() => load({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(/S3_BUCKET: S3 settings need S3_BUCKET/);
    expect(() => load({ S3_ACCESS_KEY: 'key', S3_SECRET_KEY: 'secret' })).toThrow(/S3_BUCKET/);
  });

  it('refuses an endpoint, a public URL or a path style that is not one', () => {
    expect(() => load({ S3_BUCKET: 'shop', S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
    expect(() => load({ S3_BUCKET: 'shop', S3_PUBLIC_URL: 'cdn' })).toThrow(/S3_PUBLIC_URL/);
    expect(() => load({ S3_BUCKET: 'shop', S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE/);
  });
});
