import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CurrentUser } from '../../auth/current-user.js';
import { errorBodySchema } from '../../http/errors.js';
import type { OrderDocument, OrderDocuments } from './documents.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const params = z.object({ idPayment: z.string().max(200) });
const pdfAnswer = (description: string) => ({
  description,
  content: { 'application/pdf': { schema: z.string().describe('a PDF document') } },
});

/**
 * An order's PDFs (issue 31 item 8): the invoice its shopper keeps (downloaded as a file) and the
 * packing slip staff print (shown in the browser's viewer, to print). Personal data: no cache keeps them.
 */
export const orderDocumentRoutes: FastifyPluginAsyncZod<{
  documents: OrderDocuments;
  currentUser: CurrentUser;
}> = async (app, { documents, currentUser }) => {
  const send = (reply: FastifyReply, document: OrderDocument, disposition: 'attachment' | 'inline') =>
    reply
      .type('application/pdf')
      .header('content-disposition', `${disposition}; filename="${document.fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(document.pdf);

  app.get(
    '/cart/order/:idPayment/invoice.pdf',
    {
      onRequest: currentUser.requireUser,
      schema: {
        tags: ['checkout'],
        summary:
          'The order’s invoice as a PDF file, by its id or idPayment (its owner, or the administrator or a manager)',
        params,
        response: { 200: pdfAnswer('The invoice, as an attachment named invoice-SS-10042.pdf'), ...errors },
      },
    },
    async (request, reply) =>
      send(
        reply,
        await documents.invoice(await currentUser.require(request), request.params.idPayment),
        'attachment',
      ),
  );

  app.get(
    '/cart/order/:idPayment/packing-slip.pdf',
    {
      onRequest: currentUser.requireAdmin,
      schema: {
        tags: ['checkout', 'admin'],
        summary: 'The order’s packing slip as a PDF to print, without prices (administrator or manager)',
        params,
        response: { 200: pdfAnswer('The packing slip, inline, named packing-slip-SS-10042.pdf'), ...errors },
      },
    },
    async (request, reply) =>
      send(
        reply,
        await documents.packingSlip(await currentUser.require(request), request.params.idPayment),
        'inline',
      ),
  );
};
