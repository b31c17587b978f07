import { z } from 'zod';

/**
 * Webhooks (issue 34 item 3, docs/decisions/024): the staff's endpoint form, the answers and the delivery
 * log, shared by the admin pages and the server. Routes, all staff only (403 otherwise):
 *
 * - `GET    /api/admin/webhooks` → `WebhookEndpointAnswer[]` (no secret), newest first.
 * - `POST   /api/admin/webhooks` body `WebhookEndpointForm` → 201 `WebhookEndpointWithSecret` (the secret,
 *   shown this once). An address that is not http(s) or that resolves to a private, loopback or link-local
 *   address is a 400 whose `error.fields.url` (and `error.message`) says why (docs/operations.md "Webhooks",
 *   WEBHOOK_ALLOWED_HOSTS); PUT checks it the same way.
 * - `PUT    /api/admin/webhooks/{id}` body `WebhookEndpointForm` → `WebhookEndpointAnswer`; 404 if unknown.
 * - `DELETE /api/admin/webhooks/{id}` → 204; its deliveries go with it.
 * - `POST   /api/admin/webhooks/{id}/rotate` → `WebhookEndpointWithSecret` (the new secret, shown once; the
 *   old one stops signing at once).
 * - `POST   /api/admin/webhooks/{id}/test` → 202 `WebhookDeliveryAnswer`: a `ping` queued for that endpoint
 *   (sent even if the endpoint is paused or not subscribed to anything else).
 * - `GET    /api/admin/webhooks/{id}/deliveries?page=1&limit=20` → `WebhookDeliveryPage`, newest first.
 * - `POST   /api/admin/webhooks/{id}/deliveries/{deliveryId}/replay` → 202 `WebhookDeliveryAnswer`: the
 *   same delivery queued again (same `webhook-id`, attempts and log kept, due now, retry window anew).
 */

/** The events an endpoint may subscribe to, each with the words the admin pages show. */
export const WEBHOOK_EVENTS = {
  'order.paid': 'Order paid',
  'order.shipped': 'Order shipped',
  'order.refunded': 'Order refunded',
  'return.requested': 'Return requested',
  'return.decided': 'Return approved or rejected',
  'stock.low': 'Stock low on a size',
  'shoe.created': 'Shoe created',
  'shoe.updated': 'Shoe updated',
  'shoe.deleted': 'Shoe deleted',
} as const;
export type WebhookEventType = keyof typeof WEBHOOK_EVENTS;
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENTS) as [WebhookEventType, ...WebhookEventType[]];
export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);
/** The test event `POST .../test` sends; not subscribable. */
export const WEBHOOK_PING = 'ping';

export const WEBHOOK_LIMITS = { urlMax: 2000, descriptionMax: 200, pageLimitMax: 100 } as const;

/** `POST /api/admin/webhooks`, `PUT /api/admin/webhooks/{id}`. */
export const webhookEndpointFormSchema = z
  .object({
    /** Where events are POSTed: http or https, a public address (checked again at every attempt). */
    url: z
      .string()
      .trim()
      .max(WEBHOOK_LIMITS.urlMax, 'The address is too long.')
      .refine(
        (url) => /^https?:\/\/[^/?#\s]+/i.test(url) && URL.canParse(url),
        'Give an http:// or https:// address.',
      ),
    /** At least one event, each once. */
    events: z
      .array(webhookEventTypeSchema)
      .min(1, 'Choose at least one event.')
      .max(WEBHOOK_EVENT_TYPES.length)
      .transform((events) => [...new Set(events)]),
    description: z
      .string()
      .trim()
      .max(WEBHOOK_LIMITS.descriptionMax, 'The description is too long.')
      .optional(),
    /** A paused endpoint receives nothing new; what was queued for it still goes. */
    active: z.boolean().default(true),
  })
  .strict();
export type WebhookEndpointForm = z.input<typeof webhookEndpointFormSchema>;
export type WebhookEndpointTerms = z.output<typeof webhookEndpointFormSchema>;

export const webhookEndpointAnswerSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(webhookEventTypeSchema),
  active: z.boolean(),
  /** '' when none was given. */
  description: z.string(),
  createdAt: z.string(),
});
export type WebhookEndpointAnswer = z.infer<typeof webhookEndpointAnswerSchema>;
export const webhookEndpointListSchema = z.array(webhookEndpointAnswerSchema);

/** The create and rotate answers: the signing secret (`whsec_` + base64 of 32 random bytes), shown once. */
export const webhookEndpointWithSecretSchema = webhookEndpointAnswerSchema.extend({ secret: z.string() });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivering', 'delivered', 'failed'] as const;
export const webhookDeliveryStateSchema = z.enum(WEBHOOK_DELIVERY_STATES);
export type WebhookDeliveryState = z.infer<typeof webhookDeliveryStateSchema>;

/** One event for one endpoint, and how its attempts went. */
export const webhookDeliveryAnswerSchema = z.object({
  id: z.string(),
  /** The `webhook-id` header: the domain event's id, the same for every retry and replay. */
  eventId: z.string(),
  /** A `WebhookEventType`, or `ping`. */
  eventType: z.string(),
  state: webhookDeliveryStateSchema,
  attempts: z.number().int(),
  /** The last attempt's HTTP status; null before any answer (not tried yet, timeout, refused address). */
  lastStatus: z.number().int().nullable(),
  /** Why the last attempt failed, in words; null when it succeeded or none was made. */
  lastError: z.string().nullable(),
  /** The start of the last answer's body, at most 1 kB. */
  responseExcerpt: z.string().nullable(),
  /** When the next attempt is due; null once delivered or failed. */
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDeliveryAnswer = z.infer<typeof webhookDeliveryAnswerSchema>;

/** `GET /api/admin/webhooks/{id}/deliveries`: `page` from 1, `limit` 1-100 (default 20). */
export const webhookDeliveryQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce.number().int().min(1).max(WEBHOOK_LIMITS.pageLimitMax).default(20),
  })
  .strict();
export const webhookDeliveryPageSchema = z.object({
  deliveries: z.array(webhookDeliveryAnswerSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>;
