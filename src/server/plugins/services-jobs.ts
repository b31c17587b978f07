import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { createJobRunner, type JobHandler } from '../jobs/job-runner.js';
import { createJobStore } from '../jobs/job-store.js';
import { createImportRepository } from '../modules/catalog-admin/import/repository.js';
import { IMPORT_JOB, createCatalogueImportService } from '../modules/catalog-admin/import/service.js';
import type { ImageStorage } from '../storage/image-storage.js';

/** Durable jobs (docs/decisions/023, services.ts's jobs group): long work any instance can take up and resume. */
export function wireJobs(options: {
  db: Database;
  images: ImageStorage['store'];
  log: FastifyBaseLogger;
  /** Other modules' job kinds (the cart reminders' scan), by kind. */
  handlers?: Readonly<Record<string, JobHandler>>;
}) {
  const { db, images, log } = options;
  const jobStore = createJobStore(db);
  // The runner calls the import's handler, made next: the import kicks the runner when it queues work.
  const jobRunner = createJobRunner({
    store: jobStore,
    handlers: { ...options.handlers, [IMPORT_JOB]: (job, context) => catalogueImport.handler(job, context) },
    log,
  });
  const catalogueImport = createCatalogueImportService({
    repository: createImportRepository(db, jobStore),
    jobs: jobStore,
    images,
    kick: () => void jobRunner.kick(),
  });
  return { jobRunner, jobStore, catalogueImport };
}
