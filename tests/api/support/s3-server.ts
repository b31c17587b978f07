import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { Env } from '../../../src/server/config.js';
import { createS3Client } from '../../../src/server/storage/s3-client.js';

/** The credentials s3rver accepts for signed requests. */
const KEY = 'S3RVER';

export interface S3TestServer {
  /** The shop's S3_* settings for this server and bucket. */
  env: Partial<Env>;
  keys(prefix?: string): Promise<string[]>;
  object(key: string): Promise<{ bytes: Buffer; contentType?: string; cacheControl?: string }>;
  close(): Promise<void>;
}

/** A real S3-compatible server on loopback, files in a throwaway directory, with one empty bucket. */
export async function startS3Server(bucket = 'shop-images'): Promise<S3TestServer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = createS3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: KEY, secretAccessKey: KEY },
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    env: { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_ACCESS_KEY: KEY, S3_SECRET_KEY: KEY },
    async keys(prefix) {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
      return (listed.Contents ?? []).map((object) => object.Key!);
    },
    async object(key) {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return {
        bytes: Buffer.from(await object.Body!.transformToByteArray()),
        contentType: object.ContentType,
        cacheControl: object.CacheControl,
      };
    },
    async close() {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
