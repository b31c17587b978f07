import { S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from './s3-image-store.js';

export { GetObjectCommand, PutObjectCommand, S3ServiceException } from '@aws-sdk/client-s3';

export function createS3Client(settings: Omit<S3Settings, 'bucket' | 'publicUrl'>): S3Client {
  // The SDK warns on Node 20 that its releases from 2027 will need Node 22; the installed one runs on
  // Node 20 (package.json engines), so the warning is noise. This is the switch AWS documents for it
  // (aws/aws-sdk-js-v3#7983); setting the variable to anything else brings the warning back.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
  });
}
