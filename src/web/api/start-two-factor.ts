import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { passwordAgainSchema } from '../../domain/account';
import { twoFactorSetupSchema } from '../../domain/contracts/two-factor';
import { apiUrl, sendJson } from './http';

/**
 * `POST /api/account/two-factor/setup` with the password: the QR code, its secret and the
 * recovery codes, shown once.
 */
export function startTwoFactor(input: z.output<typeof passwordAgainSchema>) {
  return sendJson('POST', apiUrl('/account/two-factor/setup'), input, twoFactorSetupSchema);
}

export function useStartTwoFactor() {
  return useMutation({ mutationFn: startTwoFactor });
}
