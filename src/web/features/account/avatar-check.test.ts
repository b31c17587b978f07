import { describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES } from '../../../domain/account';
import { MESSAGES } from '../../../domain/messages';
import { avatarProblem } from './avatar-check';

describe('avatarProblem', () => {
  it('asks for a file when none is chosen', () => {
    expect(avatarProblem(null)).toBe(MESSAGES.identity.imageRequired);
  });

  it('accepts the image types the server stores', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']) {
      expect(avatarProblem({ type, size: 1000 })).toBeUndefined();
    }
  });

  it('refuses other files, SVG included', () => {
    expect(avatarProblem({ type: 'application/pdf', size: 1000 })).toBe(MESSAGES.identity.imageInvalid);
    expect(avatarProblem({ type: 'image/svg+xml', size: 1000 })).toBe(MESSAGES.identity.imageInvalid);
    expect(avatarProblem({ type: '', size: 1000 })).toBe(MESSAGES.identity.imageInvalid);
  });

  it('refuses images over the size limit', () => {
    expect(avatarProblem({ type: 'image/png', size: AVATAR_MAX_BYTES })).toBeUndefined();
    expect(avatarProblem({ type: 'image/png', size: AVATAR_MAX_BYTES + 1 })).toBe(
      MESSAGES.identity.imageTooLarge,
    );
  });
});
