import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { messageAnswerSchema, userAnswerSchema } from '../../domain/contracts/answers';
import {
  type addPasskeyFormSchema,
  passkeyAddedSchema,
  passkeyListSchema,
  webAuthnOptionsSchema,
} from '../../domain/passkeys';
import { apiUrl, getData, sendJson } from './http';
import { sessionKey, userKeys } from './query-keys';
import { secondFactorKey, setSessionUser } from './use-session';
import { syncedUser } from './sync-user';

/**
 * Passkeys: the browser's WebAuthn ceremony through @simplewebauthn/browser, loaded only when a
 * passkey is added or used, between the shop's options and its check.
 */
const webAuthn = () => import('@simplewebauthn/browser');

/** `GET /api/account/passkeys`. */
export function usePasskeys() {
  return useQuery({
    queryKey: userKeys.passkeys,
    queryFn: ({ signal }) => getData(apiUrl('/account/passkeys'), passkeyListSchema, signal),
  });
}

/** The password again, the device makes a passkey, the shop keeps its public key. */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: z.output<typeof addPasskeyFormSchema>) => {
      const [options, { startRegistration }] = await Promise.all([
        sendJson(
          'POST',
          apiUrl('/account/passkeys/options'),
          { password: input.password },
          webAuthnOptionsSchema,
        ),
        webAuthn(),
      ]);
      const response = await startRegistration({ optionsJSON: options as never });
      return sendJson(
        'POST',
        apiUrl('/account/passkeys'),
        { response, name: input.name || undefined },
        passkeyAddedSchema,
      );
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: userKeys.passkeys });
      // The user's passkey count (a second factor for staff) comes with the session.
      void queryClient.invalidateQueries({ queryKey: sessionKey, exact: true });
    },
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (
        await sendJson(
          'DELETE',
          apiUrl(`/account/passkeys/${encodeURIComponent(id)}`),
          undefined,
          messageAnswerSchema,
        )
      ).message,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: userKeys.passkeys });
      void queryClient.invalidateQueries({ queryKey: sessionKey, exact: true });
    },
  });
}

/** Signing in with a passkey: a session that counts as two factors. */
export function useSignInWithPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const [options, { startAuthentication }] = await Promise.all([
        sendJson('POST', apiUrl('/account/sign-in/passkey/options'), {}, webAuthnOptionsSchema),
        webAuthn(),
      ]);
      const response = await startAuthentication({ optionsJSON: options as never });
      const { user } = await sendJson(
        'POST',
        apiUrl('/account/sign-in/passkey'),
        { response },
        userAnswerSchema,
      );
      return syncedUser(user);
    },
    onSuccess: (user) => {
      setSessionUser(queryClient, user);
      queryClient.setQueryData(secondFactorKey, true);
    },
  });
}
