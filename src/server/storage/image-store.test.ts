import { describe, expect, it } from 'vitest';
import { isImageKey } from './image-store.js';

describe('image keys', () => {
  it('accepts the keys the shop writes', () => {
    for (const key of [
      'shoes/0b0e9d2c-6f1c-4c3e-9a57-1f0e0c7d9a11-3f2a9c0d1e2b4a5c.webp',
      'shoes/velo-storm-court-3f2a9c0d1e.webp',
      'avatars/user_1-3f2a9c0d1e2b4a5c.webp',
    ])
      expect(isImageKey(key), key).toBe(true);
  });

  it('refuses climbing out, hidden names, empty segments and absurd lengths', () => {
    for (const key of [
      '',
      '../x',
      'shoes/../../x',
      './x',
      '.env',
      'shoes/.x',
      '/x',
      'a//b',
      'a/',
      'a\\b',
      'a b',
      'a'.repeat(301),
    ])
      expect(isImageKey(key), key).toBe(false);
  });
});
