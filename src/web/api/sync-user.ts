import { userSchema, type User } from '../../domain/account';
import { apiUrl, sendJson } from './http';

/**
 * Spec §4 and §7 `POST /users`: sync the user with the backend after every authentication
 * change. Identity comes from the session cookie, so the body is empty; the answer is the
 * user's record (status, role...), the freshest view of who is signed in.
 */
export function syncUser(): Promise<User> {
  return sendJson('POST', apiUrl('/users'), {}, userSchema);
}

/** The synced record, or `fallback` when the sync itself fails: signing in already worked. */
export async function syncedUser(fallback: User): Promise<User> {
  try {
    return await syncUser();
  } catch {
    return fallback;
  }
}
