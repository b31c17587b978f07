/**
 * The checkout service now lives in service.ts (with pricing.ts, attempt-state.ts,
 * attempts-repository.ts, place-order.ts and reconciler.ts beside it). This path stays
 * for the callers that still import it (src/server/app.ts) until they import service.js.
 */
export {
  createCheckoutService,
  type CheckoutAnswer,
  type CheckoutInput,
  type CheckoutService,
} from './service.js';
