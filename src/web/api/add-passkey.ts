import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { type addPasskeyFormSchema, passkeyAddedSchema, webAuthnOptionsSchema } from '../../domain/passkeys';
import { apiUrl, sendJson } from './http';
import { sessionKey, userKeys } from './query-keys';

export type AddPasskeyInput = z.output<typeof addPasskeyFormSchema>;

/**
 * The password again (`POST /api/account/passkeys/options`), the device makes a passkey, then
 * `POST /api/account/passkeys` keeps its public key. The browser's WebAuthn ceremony
 * (@simplewebauthn/browser) loads only now, alongside the options.
 */
export async function addPasskey(input: AddPasskeyInput) {
  const [options, { startRegistration }] = await Promise.all([
    sendJson(
      'POST',
      apiUrl('/account/passkeys/options'),
      { password: input.password },
      webAuthnOptionsSchema,
    ),
    import('@simplewebauthn/browser'),
  ]);
  const response = await startRegistration({ optionsJSON: options as never });
  return sendJson(
    'POST',
    apiUrl('/account/passkeys'),
    { response, name: input.name || undefined },
    passkeyAddedSchema,
  );
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: userKeys.passkeys });
      // The user's passkey count (a second factor for staff) comes with the session.
      void queryClient.invalidateQueries({ queryKey: sessionKey, exact: true });
    },
  });
}
