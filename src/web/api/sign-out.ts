import { useMutation } from '@tanstack/react-query';
import { messageAnswerSchema as messageSchema } from '../../domain/contracts/answers';
import { apiUrl, sendJson } from './http';

/** `POST /api/account/sign-out`: ends this session; answers 'You logout'. */
export async function signOut(): Promise<string> {
  return (await sendJson('POST', apiUrl('/account/sign-out'), {}, messageSchema)).message;
}

/**
 * The caller clears the session cache (`clearSession`) once it has left the page:
 * clearing it first would let a guard send the user to /signin instead of home.
 */
export function useSignOut() {
  return useMutation({ mutationFn: signOut });
}
