import type { AccountSession } from '../../../domain/contracts/sessions.js';
import { MESSAGES } from '../../../domain/messages.js';
import { HttpError, notFound } from '../../http/errors.js';
import { deviceName } from './device-name.js';
import type { AuthRepository } from '../../auth/auth-repository.js';
import type { SessionRepository } from './repository.js';

/**
 * The account page's signed-in devices (issue 20): each session's device, address and times, and a
 * way to end any other one, or all others at once. The session in use is ended by signing out.
 */
export function createSessionService(
  repository: SessionRepository,
  identities: Pick<AuthRepository, 'endSession' | 'endSessionsBut'>,
) {
  return {
    async list(userId: string, currentId: string): Promise<AccountSession[]> {
      const rows = await repository.listOf(userId);
      // The device in use first, then the others, the most recently used first.
      rows.sort((a, b) => Number(b.id === currentId) - Number(a.id === currentId));
      return rows.map((row) => ({
        _id: row.id,
        current: row.id === currentId,
        device: deviceName(row.userAgent),
        ip: row.ipAddress || null,
        createdAt: row.createdAt.toISOString(),
        lastActive: row.updatedAt.toISOString(),
      }));
    },

    async end(userId: string, currentId: string, id: string): Promise<{ message: string }> {
      if (id === currentId) throw new HttpError(409, 'current_session', MESSAGES.sessions.current);
      if (!(await identities.endSession(userId, id))) throw notFound(MESSAGES.sessions.notFound);
      return { message: MESSAGES.sessions.ended };
    },

    async endOthers(userId: string, currentId: string): Promise<{ message: string; ended: number }> {
      const ended = await identities.endSessionsBut(userId, currentId);
      return { message: MESSAGES.sessions.endedOthers(ended), ended };
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
