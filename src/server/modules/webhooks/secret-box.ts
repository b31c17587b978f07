import crypto from 'node:crypto';

/**
 * Endpoint signing secrets (docs/decisions/024): made here (`whsec_` and base64 of 32 random bytes, as
 * Standard Webhooks expects) and kept sealed with AES-256-GCM under a key derived from the session
 * secret, so a copy of the database alone does not let anyone sign as the shop. Changing SESSION_SECRET
 * makes the sealed secrets unreadable: rotate each endpoint's secret then.
 */
export function createSecretBox(sessionSecret: string) {
  const key = Buffer.from(
    crypto.hkdfSync('sha256', sessionSecret, 'webhooks', 'webhook signing secrets', 32),
  );
  return {
    generate: () => `whsec_${crypto.randomBytes(32).toString('base64')}`,

    seal(secret: string): string {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return `v1.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64')}`;
    },

    open(sealed: string): string {
      const bytes = Buffer.from(sealed.replace(/^v1\./, ''), 'base64');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}

export type SecretBox = ReturnType<typeof createSecretBox>;
