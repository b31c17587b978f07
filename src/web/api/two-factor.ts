import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { passwordAgainSchema, User } from '../../domain/account';
import { messageAndUserAnswerSchema, userAnswerSchema } from '../../domain/contracts/answers';
import { recoveryCodesSchema, twoFactorSetupSchema } from '../../domain/contracts/two-factor';
import type { confirmTwoFactorSchema, twoFactorCodeSchema } from '../../domain/two-factor';
import { apiUrl, sendJson } from './http';
import { syncedUser } from './sync-user';
import { secondFactorKey, setSessionUser } from './use-session';

type PasswordAgain = z.output<typeof passwordAgainSchema>;

/** A session that began with a code: the user, and the admin panel may open. */
function signedInWithCode(queryClient: QueryClient, user: User) {
  setSessionUser(queryClient, user);
  queryClient.setQueryData(secondFactorKey, true);
}

/** `POST /api/account/two-factor/setup`: the QR code, its secret and the recovery codes, shown once. */
export function useStartTwoFactor() {
  return useMutation({
    mutationFn: (input: PasswordAgain) =>
      sendJson('POST', apiUrl('/account/two-factor/setup'), input, twoFactorSetupSchema),
  });
}

/** `POST /api/account/two-factor/confirm`: the first code turns it on (and the session is renewed). */
export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof confirmTwoFactorSchema>) =>
      sendJson('POST', apiUrl('/account/two-factor/confirm'), input, messageAndUserAnswerSchema),
    onSuccess: ({ user }) => signedInWithCode(queryClient, user),
  });
}

/** `POST /api/account/two-factor/disable` with the password. */
export function useTurnOffTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PasswordAgain) =>
      sendJson('POST', apiUrl('/account/two-factor/disable'), input, messageAndUserAnswerSchema),
    onSuccess: ({ user }) => {
      setSessionUser(queryClient, user);
      queryClient.setQueryData(secondFactorKey, false);
    },
  });
}

/** `POST /api/account/two-factor/recovery-codes` with the password: ten new codes. */
export function useRenewRecoveryCodes() {
  return useMutation({
    mutationFn: (input: PasswordAgain) =>
      sendJson('POST', apiUrl('/account/two-factor/recovery-codes'), input, recoveryCodesSchema),
  });
}

/** `POST /api/account/sign-in/two-factor`: the sign-in's second step. */
export function useSignInWithCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: z.output<typeof twoFactorCodeSchema>) =>
      syncedUser(
        (await sendJson('POST', apiUrl('/account/sign-in/two-factor'), input, userAnswerSchema)).user,
      ),
    onSuccess: (user) => signedInWithCode(queryClient, user),
  });
}
