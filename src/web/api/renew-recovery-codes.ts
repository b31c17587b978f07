import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { passwordAgainSchema } from '../../domain/account';
import { recoveryCodesSchema } from '../../domain/contracts/two-factor';
import { apiUrl, sendJson } from './http';

/** `POST /api/account/two-factor/recovery-codes` with the password: ten new codes. */
export function renewRecoveryCodes(input: z.output<typeof passwordAgainSchema>) {
  return sendJson('POST', apiUrl('/account/two-factor/recovery-codes'), input, recoveryCodesSchema);
}

export function useRenewRecoveryCodes() {
  return useMutation({ mutationFn: renewRecoveryCodes });
}
