import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BULK_EDIT_MAX_SHOES } from '../../../../domain/bulk-edit.js';
import {
  bulkAnswerSchema,
  bulkApplyBodySchema,
  bulkPreviewBodySchema,
} from '../../../../domain/contracts/bulk-edit.js';
import type { CurrentUser } from '../../../auth/current-user.js';
import { errorBodySchema } from '../../../http/errors.js';
import type { BulkEditService } from './service.js';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const BODY =
  `selection: {ids: [shoe ids]} or {search: the shoes table's name search, empty for every shoe}; at most ${BULK_EDIT_MAX_SHOES} shoes (400 saying how many). ` +
  'action: {kind: "put_on_sale" | "take_off_sale"}, {kind: "price_percent", percent: -100 to 1000, two decimals}, ' +
  '{kind: "price_amount", amountCents: non-zero}, or {kind: "add_stock", size, quantity} (the size created when missing). ' +
  'Prices are rounded to the cent (a half away from zero) and kept between $1 and the highest price.';

/**
 * Bulk edits of the shoes table (issue 33 item 5), part of catalog-admin: administrator or manager
 * only, checked before any body is read, like the other catalogue writes.
 */
export const bulkEditRoutes: FastifyPluginAsyncZod<{
  bulkEdit: BulkEditService;
  currentUser: CurrentUser;
}> = async (app, { bulkEdit, currentUser }) => {
  app.addHook('onRequest', currentUser.requireAdmin);

  app.post(
    '/admin/shoes/bulk/preview',
    {
      schema: {
        tags: ['admin'],
        summary: 'What a bulk action would make of each selected shoe (before and after), writing nothing',
        description: BODY,
        body: bulkPreviewBodySchema,
        response: { 200: bulkAnswerSchema, ...errors },
      },
    },
    async (request) => bulkEdit.preview(request.body),
  );

  app.post(
    '/admin/shoes/bulk',
    {
      schema: {
        tags: ['admin'],
        summary: 'Apply a previewed bulk action: all the shoes or none, one audit entry per shoe changed',
        description: `${BODY} expected: the preview's shoes with their versions; 409 naming a shoe changed since (nothing written), or when the selection finds other shoes than the preview did.`,
        body: bulkApplyBodySchema,
        response: { 200: bulkAnswerSchema, ...errors },
      },
    },
    async (request) => bulkEdit.apply(request.body, await currentUser.require(request)),
  );
};
