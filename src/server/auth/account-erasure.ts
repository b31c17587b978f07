import type { EventConsumer } from '../events/domain-events.js';
import type { AuthRepository } from './auth-repository.js';

/**
 * A deleted account (`account.deleted`, docs/your-data.md) can never be signed into again, on any
 * device: the identity records better-auth writes through its adapter go, as their owner erases them.
 */
export function createAccountErasure(identities: AuthRepository): EventConsumer {
  return async (event) => {
    if (event.type !== 'account.deleted') return;
    await identities.eraseIdentity(event.payload.userId);
  };
}
