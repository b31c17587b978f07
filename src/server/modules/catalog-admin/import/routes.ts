import { stringify } from 'csv-stringify/sync';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CATALOGUE_CSV_COLUMNS, CATALOGUE_CSV_EXAMPLE } from '../../../../domain/catalogue-csv.js';
import {
  IMPORT_CSV_MAX_BYTES,
  IMPORT_ZIP_MAX_BYTES,
  importListSchema,
  importStatusSchema,
} from '../../../../domain/contracts/catalogue-import.js';
import type { CurrentUser } from '../../../auth/current-user.js';
import { csvAnswer } from '../../../http/csv-answer.js';
import { errorBodySchema } from '../../../http/errors.js';
import { HttpError } from '../../../http/errors.js';
import { documentMultipartForm, readMultipartForm } from '../../../http/multipart-form.js';
import type { CatalogueImportService } from './service.js';

const idParams = z.object({ id: z.string().max(200) });
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const uploadForm = z.object({
  csv: z
    .file()
    .describe(
      `The catalogue CSV (docs/catalogue-csv.md), UTF-8, at most ${IMPORT_CSV_MAX_BYTES / 1024 / 1024} MB`,
    ),
  zip: z
    .file()
    .optional()
    .describe(`A ZIP of the photos the CSV names, at most ${IMPORT_ZIP_MAX_BYTES / 1024 / 1024} MB`),
});

/** The catalogue import (issue 33 item 3): administrator or manager, as every catalogue write. */
export const catalogueImportRoutes: FastifyPluginAsyncZod<{
  imports: CatalogueImportService;
  currentUser: CurrentUser;
}> = async (app, { imports, currentUser }) => {
  app.addHook('onRequest', currentUser.requireAdmin);

  app.get(
    '/admin/imports/template.csv',
    {
      schema: {
        tags: ['admin'],
        summary: 'The catalogue CSV template: its columns and an example shoe in two sizes',
        response: { 200: csvAnswer('An attachment named catalogue-template.csv'), ...errors },
      },
    },
    async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="catalogue-template.csv"')
        .send(
          `\uFEFF${stringify([...CATALOGUE_CSV_EXAMPLE], { header: true, columns: [...CATALOGUE_CSV_COLUMNS] })}`,
        ),
  );

  app.get(
    '/admin/imports',
    {
      schema: {
        tags: ['admin'],
        summary: 'The latest catalogue imports, newest first',
        response: { 200: importListSchema, ...errors },
      },
    },
    async () => imports.latest(),
  );

  app.post(
    '/admin/imports',
    {
      config: { swaggerTransform: documentMultipartForm(uploadForm) },
      schema: {
        tags: ['admin'],
        summary:
          'Upload a catalogue CSV (and a ZIP of its photos): checked, then previewed by a job; nothing is written yet',
        consumes: ['multipart/form-data'],
        response: { 202: importStatusSchema, ...errors, 413: errorBodySchema, 415: errorBodySchema },
      },
    },
    async (request, reply) => {
      const form = await readMultipartForm(request, {
        maxFileBytes: IMPORT_ZIP_MAX_BYTES,
        tooLargeMessage: `A file is larger than ${IMPORT_ZIP_MAX_BYTES / 1024 / 1024} MB`,
        maxFiles: 2,
      });
      const csv = form.files.find((file) => file.field === 'csv');
      const zip = form.files.find((file) => file.field === 'zip');
      if (!csv)
        throw new HttpError(400, 'validation', 'Choose the CSV file to import', {
          csv: 'Choose the CSV file to import',
        });
      const id = await imports.upload(await currentUser.require(request), csv, zip);
      return reply.status(202).send(await imports.status(id));
    },
  );

  app.get(
    '/admin/imports/:id',
    {
      schema: {
        tags: ['admin'],
        summary:
          "An import's progress, preview (what it will create, update and leave, and every error) or report",
        params: idParams,
        response: { 200: importStatusSchema, ...errors },
      },
    },
    async (request) => imports.status(request.params.id),
  );

  app.post(
    '/admin/imports/:id/apply',
    {
      schema: {
        tags: ['admin'],
        summary: 'Apply a previewed import without errors (409 otherwise); a job writes it in batches',
        params: idParams,
        response: { 202: importStatusSchema, ...errors },
      },
    },
    async (request, reply) => {
      await imports.apply(request.params.id);
      return reply.status(202).send(await imports.status(request.params.id));
    },
  );

  app.post(
    '/admin/imports/:id/cancel',
    {
      schema: {
        tags: ['admin'],
        summary: 'Drop a previewed import instead of applying it',
        params: idParams,
        response: { 200: importStatusSchema, ...errors },
      },
    },
    async (request) => {
      await imports.cancel(request.params.id);
      return imports.status(request.params.id);
    },
  );
};
