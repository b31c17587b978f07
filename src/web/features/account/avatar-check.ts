import { AVATAR_MAX_BYTES } from '../../../domain/account';
import { MESSAGES } from '../../../domain/messages';

/** What the server accepts (it checks the content again; this only spares a wasted upload). */
export const AVATAR_TYPES: readonly string[] = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
];

/** Spec §5: the upload needs a chosen file; images only, at most AVATAR_MAX_BYTES. */
export function avatarProblem(file: Pick<File, 'type' | 'size'> | null | undefined): string | undefined {
  if (!file) return MESSAGES.identity.imageRequired;
  if (!AVATAR_TYPES.includes(file.type)) return MESSAGES.identity.imageInvalid;
  if (file.size > AVATAR_MAX_BYTES) return MESSAGES.identity.imageTooLarge;
  return undefined;
}
