import type { FastifyInstance } from 'fastify';
import { recordEvents } from '../../../src/server/events/outbox-repository.js';

/**
 * A drop a test wrote straight to the database, announced as the drops module announces its own
 * changes: the app's consumers (the storefront's drops, storefront-drops.ts) take it before this
 * resolves, as they take a change made through the API before its request answers.
 */
export async function announceDropChange(app: FastifyInstance, dropId: string): Promise<void> {
  await app.domainEvents.database.transaction((tx) =>
    recordEvents(tx, [{ type: 'drop.changed', payload: { dropId } }]),
  );
}
