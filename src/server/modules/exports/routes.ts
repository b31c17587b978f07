import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CATALOGUE_CSV_COLUMNS } from '../../../domain/catalogue-csv.js';
import { catalogueCsvFileName } from '../../../domain/catalogue-export.js';
import { dayOf } from '../../../domain/days.js';
import {
  ORDERS_CSV_COLUMNS,
  ordersCsvFileName,
  ordersExportQuerySchema,
} from '../../../domain/orders-csv.js';
import type { CurrentUser } from '../../auth/current-user.js';
import { csvAnswer } from '../../http/csv-answer.js';
import { errorBodySchema } from '../../http/errors.js';
import type { ExportsService } from './service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

/**
 * Rows streamed as a CSV download: csv-stringify quotes what needs quoting, the BOM makes Excel read
 * UTF-8 (accents) instead of the local code page, and the rows are pulled as the client reads.
 */
function sendCsv(
  reply: FastifyReply,
  fileName: string,
  columns: readonly string[],
  rows: AsyncIterable<string[]>,
) {
  const csv = Readable.from(rows).pipe(stringify({ header: true, columns: [...columns], bom: true }));
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(csv);
}

/** The CSV exports (issue 33 item 4): administrator or manager, as every admin read. */
export const exportRoutes: FastifyPluginAsyncZod<{
  exports: ExportsService;
  currentUser: CurrentUser;
}> = async (app, { exports, currentUser }) => {
  app.addHook('onRequest', currentUser.requireAdmin);

  app.get(
    '/admin/catalogue.csv',
    {
      schema: {
        tags: ['admin'],
        summary:
          'The whole catalogue as CSV in the import’s format (docs/catalogue-csv.md): one row per shoe and size',
        response: { 200: csvAnswer('An attachment named catalogue-YYYY-MM-DD.csv'), ...errors },
      },
    },
    async (_request, reply) =>
      sendCsv(reply, catalogueCsvFileName(dayOf(new Date())), CATALOGUE_CSV_COLUMNS, exports.catalogueRows()),
  );

  app.get(
    '/admin/orders.csv',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Orders placed from one day to another (UTC, both included, at most 366 days) as CSV: one row per order line (docs/catalogue-csv.md)',
        querystring: ordersExportQuerySchema,
        response: { 200: csvAnswer('An attachment named orders-FROM-to-TO.csv'), ...errors },
      },
    },
    async (request, reply) =>
      sendCsv(reply, ordersCsvFileName(request.query), ORDERS_CSV_COLUMNS, exports.orderRows(request.query)),
  );
};
