import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  milliPercentOf,
  taxRateAnswerSchema,
  taxRateBodySchema,
  taxRateListSchema,
  taxStateSchema,
} from '../../../domain/contracts/shipping-and-tax.js';
import type { CurrentUser } from '../../auth/current-user.js';
import { errorBodySchema } from '../../http/errors.js';
import type { SalesTaxService } from './service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const stateParams = z.object({ state: taxStateSchema });
const tags = ['admin', 'sales tax'];

/**
 * Sales tax per state in the admin panel (issue 31 item 6): administrator or manager only, checked
 * before any body is read. The cart's quote and the checkout charge the delivery state's rate.
 */
export const salesTaxRoutes: FastifyPluginAsyncZod<{
  salesTax: SalesTaxService;
  currentUser: CurrentUser;
}> = async (app, { salesTax, currentUser }) => {
  app.addHook('onRequest', currentUser.requireAdmin);

  app.get(
    '/admin/tax-rates',
    {
      schema: {
        tags,
        summary: 'The states with a sales tax rate, by name (any other state is not taxed)',
        response: { 200: taxRateListSchema, ...errors },
      },
    },
    () => salesTax.list(),
  );

  app.put(
    '/admin/tax-rates/:state',
    {
      schema: {
        tags,
        summary:
          'Set a state’s rate (by its two-letter code or name): a percentage above 0 and up to 25 with up ' +
          'to 3 decimals, and whether shipping is taxed',
        params: stateParams,
        body: taxRateBodySchema,
        response: { 200: taxRateAnswerSchema, ...errors },
      },
    },
    async (request) =>
      salesTax.set(
        request.params.state,
        { rateMilliPercent: milliPercentOf(request.body.rate), taxShipping: request.body.taxShipping },
        await currentUser.require(request),
      ),
  );

  app.delete(
    '/admin/tax-rates/:state',
    {
      schema: {
        tags,
        summary: 'No sales tax in a state any more; answers the rates left',
        params: stateParams,
        response: { 200: taxRateListSchema, ...errors },
      },
    },
    async (request) => {
      await salesTax.remove(request.params.state, await currentUser.require(request));
      return salesTax.list();
    },
  );
};
