import type { Database } from '../../db/client.js';
import { createEntriesRepository } from './entries-repository.js';
import { createQueueRepository } from './queue-repository.js';
import { createDropsRepository } from './repository.js';

/** The drops module's tables, as its service, draw and mails use them. */
export function createDropsStore(db: Database) {
  return { ...createDropsRepository(db), ...createEntriesRepository(db), ...createQueueRepository(db) };
}

export type DropsStore = ReturnType<typeof createDropsStore>;
