// One file because drizzle-kit generates the migrations from this one schema (drizzle.config.ts) and the
// tables' foreign keys reference one another; it holds declarations only, and each table says which
// module writes it (tests/api/architecture/table-owners.test.ts holds the code to that).
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  jsonb,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { OrderBillingAddress, OrderDeliveryAddress } from '../../domain/payment.js';

/**
 * One schema for PGlite and PostgreSQL (spec §3). Money is stored in cents,
 * sizes as their chart label ("9.5"), ids are UUIDs exposed as `_id` strings.
 */
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const brands = pgTable(
  'brands',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('brands_name_lower_unique').on(sql`lower(${t.name})`)],
);

/** PostgreSQL's full-text document type; read by SQL only, never by the application. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const shoes = pgTable(
  'shoes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'restrict' }),
    description: text('description').notNull(),
    color: text('color').notNull(),
    priceCents: integer('price_cents').notNull(),
    /**
     * The optional "compare at" price (issue 33 item 6): what the shoe sold for before its sale, shown
     * struck through beside `price` while it is on sale and higher. Never charged: carts use `price`.
     */
    compareAtCents: integer('compare_at_cents'),
    onSale: boolean('on_sale').notNull().default(false),
    image: text('image').notNull(),
    /** Bumped on every change, so concurrent admin edits can detect a lost update. */
    version: integer('version').notNull().default(1),
    /**
     * One bit per size of the chart (domain/size-chart.ts `sizeBit`) whose quantity is above 0: the
     * size filter and its counts read this column instead of joining the stock. Kept by a trigger on
     * stock_entries (migration 0007), whatever writes the stock.
     */
    sizesInStock: integer('sizes_in_stock').notNull().default(0),
    /** Pairs sold, all orders together: the 'best selling' order. Counted by the checkout as it takes the stock. */
    unitsSold: integer('units_sold').notNull().default(0),
    /**
     * The words a search finds the shoe by (issue 35 item 5): its name, colour and description, as they
     * are ('simple', for words typed in part) and stemmed ('english': "sneakers" finds "sneaker").
     * Stored, so a search reads it instead of working it out per shoe. The brand's name is matched apart.
     */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`to_tsvector('simple'::regconfig, name || ' ' || color || ' ' || description) || to_tsvector('english'::regconfig, name || ' ' || color || ' ' || description)`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // shoes_brand_idx and shoes_color_lower_idx carry the list's columns too (INCLUDE, migration 0040).
    index('shoes_brand_idx').on(t.brandId),
    index('shoes_on_sale_idx').on(t.onSale),
    // The lists' orders: a page is the first rows of an index scan, not a sort of the whole catalogue.
    index('shoes_name_id_idx').on(t.name, t.id),
    index('shoes_price_name_id_idx').on(t.priceCents, t.name, t.id),
    index('shoes_newest_idx').on(t.createdAt.desc(), t.name, t.id),
    index('shoes_best_selling_idx').on(t.unitsSold.desc(), t.name, t.id),
    index('shoes_color_lower_idx').on(sql`lower(${t.color})`),
    // "You may also like" (issue 35 item 4): the same brand or colour, closest in price first.
    index('shoes_brand_price_idx').on(t.brandId, t.priceCents),
    index('shoes_brand_color_price_idx').on(t.brandId, sql`lower(${t.color})`, t.priceCents),
    index('shoes_color_lower_price_idx').on(sql`lower(${t.color})`, t.priceCents),
    // Everything the facet counts read, so they scan this narrow index instead of the wide table.
    index('shoes_facets_idx').on(t.brandId, t.color, t.sizesInStock, t.onSale, t.priceCents),
    index('shoes_on_sale_price_idx')
      .on(t.priceCents, t.name, t.id)
      .where(sql`${t.onSale}`),
    // fastupdate off: no pending list that every search scans (PGlite has no autovacuum to flush it).
    index('shoes_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')).with({ fastupdate: false }),
    // A search's words, close to a word of the name or colour (typos: catalog repository)...
    index('shoes_name_color_trgm_idx')
      .using('gin', sql`(${t.name} || ' ' || ${t.color}) gin_trgm_ops`)
      .with({ fastupdate: false }),
    // ...or as the start of a word of the name, colour or description, or its stem.
    index('shoes_search_vector_idx').using('gin', t.searchVector).with({ fastupdate: false }),
    check('shoes_price_positive', sql`${t.priceCents} > 0`),
  ],
);

/**
 * The shoes counted by what their facets read (docs/decisions/035): brand, colour as stored, sizes in
 * stock and sale. Written by triggers on `shoes` (migration 0039) in the writing statement's own
 * transaction, as rows of changes (+n, -n) that take no lock, so no two writers ever wait for each
 * other here; the catalogue module folds them into one row per key after commit (`folded`). A key's
 * count is the sum of its rows, folded or not.
 */
export const shoeFacetCounts = pgTable(
  'shoe_facet_counts',
  {
    brandId: uuid('brand_id').notNull(),
    color: text('color').notNull(),
    sizesInStock: integer('sizes_in_stock').notNull(),
    onSale: boolean('on_sale').notNull(),
    shoes: integer('shoes').notNull(),
    folded: boolean('folded').notNull().default(false),
  },
  (t) => [
    index('shoe_facet_counts_key_idx').on(t.brandId, t.color, t.sizesInStock, t.onSale),
    // The fold finds the keys changed since the last one without reading them all.
    index('shoe_facet_counts_unfolded_idx')
      .on(t.brandId, t.color, t.sizesInStock, t.onSale)
      .where(sql`NOT ${t.folded}`),
  ],
);

export const stockEntries = pgTable(
  'stock_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shoeId: uuid('shoe_id')
      .notNull()
      .references(() => shoes.id, { onDelete: 'cascade' }),
    size: text('size').notNull(),
    quantity: integer('quantity').notNull(),
    /**
     * The shop's code for this shoe in this size (issue 33 item 2; domain/product-codes.ts), unique
     * whatever its case, and what a CSV import matches rows by. Given by the merchant, or left empty
     * and generated by the database for every writer alike (migration 0024's trigger: `SN-`, the
     * shoe id's first 12 hex digits, the size in tenths, as `SN-3F2A9C1B44D0-095` for 9.5).
     */
    sku: text('sku').notNull().default(''),
    /** The barcode's number (UPC, EAN, GTIN-8/14), check digit validated; optional. */
    gtin: text('gtin'),
  },
  (t) => [
    uniqueIndex('stock_entries_shoe_size_unique').on(t.shoeId, t.size),
    uniqueIndex('stock_entries_sku_lower_unique').on(sql`lower(${t.sku})`),
    uniqueIndex('stock_entries_gtin_unique').on(t.gtin),
    check('stock_entries_quantity_non_negative', sql`${t.quantity} >= 0`),
  ],
);

/**
 * A shoe's photo gallery (issue 33 item 1): up to 8 images in order, each with its alt text. The first
 * is the cover, and `shoes.image` always names it (catalog-admin writes both in one transaction), so
 * every view that shows one picture and the spec's API keep working. `image` is a stored image's name,
 * as `shoes.image` holds it (storage/image-storage.ts makes its sizes).
 */
export const shoeImages = pgTable(
  'shoe_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shoeId: uuid('shoe_id')
      .notNull()
      .references(() => shoes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    image: text('image').notNull(),
    alt: text('alt').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('shoe_images_shoe_position_idx').on(t.shoeId, t.position),
    check('shoe_images_position_range', sql`${t.position} >= 0 AND ${t.position} < 8`),
  ],
);

/** Column names follow better-auth's user model so the accounts module can use this table. */
export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull().default(''),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  status: text('status', { enum: ['Enabled', 'Disabled', 'Eliminated'] })
    .notNull()
    .default('Enabled'),
  manager: boolean('manager').notNull().default(false),
  /** Set by better-auth's two-factor plugin once the first authenticator code is confirmed. */
  twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    email: text('email').notNull(),
    idPayment: text('id_payment').notNull().unique(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['Pending', 'Received'] })
      .notNull()
      .default('Pending'),
    idempotencyKey: text('idempotency_key').unique(),
    /** A payment method pays for one order only. */
    paymentMethodId: text('payment_method_id').unique(),
    /** The discount code the order used (as typed in capitals), and the cents it took off. */
    discountCode: text('discount_code'),
    discountCents: integer('discount_cents').notNull().default(0),
    /** When the order was last marked Received (null while Pending): the order page's timeline. */
    receivedAt: timestamp('received_at', { withTimezone: true }),
    /**
     * When the order was first marked Received: the return window counts from here, and setting the
     * order back to Pending and Received again neither erases nor extends it.
     */
    firstReceivedAt: timestamp('first_received_at', { withTimezone: true }),
    /**
     * Where the order goes and the card's billing address, copied at checkout (issue 31) so a later
     * account change never changes a past order; null without one (the spec's body) and, for the
     * billing address, when it is the delivery address.
     */
    deliveryAddress: jsonb('delivery_address').$type<OrderDeliveryAddress>(),
    billingAddress: jsonb('billing_address').$type<OrderBillingAddress>(),
    /** The short number shoppers and staff say ("SS-10042", issue 31): counted from 10001. */
    number: integer('number').generatedByDefaultAsIdentity({ startWith: 10001 }).notNull().unique(),
    /**
     * How it ships, as the method was when it was paid (issue 31): its name, the cents it cost and the
     * delivery estimate's first and last days. Null name: no method (no method was active).
     */
    shippingMethod: text('shipping_method'),
    shippingCents: integer('shipping_cents').notNull().default(0),
    deliveryFrom: date('delivery_from', { mode: 'string' }),
    deliveryTo: date('delivery_to', { mode: 'string' }),
    /**
     * The sales tax charged, all of it (the lines' shares in order_lines.tax_cents plus
     * `shipping_tax_cents` sum to it exactly), and the state's rate then; null rate: untaxed.
     */
    taxCents: integer('tax_cents').notNull().default(0),
    shippingTaxCents: integer('shipping_tax_cents').notNull().default(0),
    taxRateMilliPercent: integer('tax_rate_milli_percent'),
    /** The last four digits of the card that paid, as the provider told them (null when it did not). */
    cardLast4: text('card_last4'),
    createdAt: createdAt(),
  },
  (t) => [index('orders_user_idx').on(t.userId), index('orders_created_idx').on(t.createdAt)],
);

/** Lines copy name, image and price so past orders survive edits and deletions of the shoe. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    shoeId: uuid('shoe_id').references(() => shoes.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    image: text('image').notNull(),
    size: text('size').notNull(),
    /** The size's SKU when it was bought (issue 33 item 2); null on orders placed before SKUs. */
    sku: text('sku'),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    /** This line's share of the order's discount: the line cost unit price x quantity - this. */
    discountCents: integer('discount_cents').notNull().default(0),
    /** This line's share of the order's sales tax (issue 31): the line was charged its cost + this. */
    taxCents: integer('tax_cents').notNull().default(0),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId),
    index('order_lines_shoe_idx').on(t.shoeId),
    check('order_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** An order's shipment (issue 19): one per order, beside the spec's Pending/Received status. */
export const orderShipments = pgTable('order_shipments', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  carrier: text('carrier', { enum: ['UPS', 'USPS', 'FedEx', 'DHL', 'Other'] }).notNull(),
  trackingNumber: text('tracking_number').notNull(),
  shippedAt: timestamp('shipped_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An order's audit trail: who did what when (status changes, shipping), each written in the same
 * transaction as the change it records. Never updated or deleted through the API.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Who: kept as the email it had then, so the trail outlives the account. */
    actorEmail: text('actor_email').notNull(),
    kind: text('kind', { enum: ['status', 'shipment', 'refund', 'return'] }).notNull(),
    /** The values before and after. */
    details: jsonb('details').notNull(),
    // The moment of the statement, not of the transaction: two changes in one transaction (an
    // approved return and its refund) stay in the order they were made.
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt)],
);

/**
 * Money given back on an order (issue 19). A refund is written 'pending' under the order's row lock,
 * with what is left checked there, before the provider is asked: two managers at once, a double
 * press or a retry never give back more than was charged. The provider's answer settles it.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    /** The staff's reason, for the order's history and the audit log: never mailed to the buyer. */
    reason: text('reason').notNull(),
    /** Words for the buyer, mailed with the refund when the staff wrote some. */
    buyerMessage: text('buyer_message'),
    /** The lines given back, `[{ lineId, quantity }]`, when refunded by line. */
    lines: jsonb('lines').$type<{ lineId: string; quantity: number }[]>().notNull().default([]),
    /** Put the pairs back in stock once the refund went through. */
    restock: boolean('restock').notNull().default(false),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    /** The request's Idempotency-Key: the same request again is this refund, not another. */
    requestKey: text('request_key').notNull().unique(),
    /**
     * A digest of the request the key came with: the same key with another body is refused, not taken
     * for this refund (null for refunds made before it was kept, and for a return's refund).
     */
    requestHash: text('request_hash'),
    providerRefundId: text('provider_refund_id').unique(),
    /** The part of `amount_cents` that gives back sales tax (issue 31): the tax collected nets it out. */
    taxCents: integer('tax_cents').notNull().default(0),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('order_refunds_order_idx').on(t.orderId),
    // Zero only for pairs that cost nothing after a discount (a line charged fewer cents than its pairs).
    check('order_refunds_amount_not_negative', sql`${t.amountCents} >= 0`),
  ],
);

/**
 * Pairs a shopper asks to send back (issue 19), within 30 days of Received. Approving one writes its
 * refund (`refund_id`) in the same transaction, under the order's row lock; rejecting one keeps the
 * staff's message for the shopper. A refund that fails puts the request back to 'requested'.
 */
export const returnRequests = pgTable(
  'return_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    lines: jsonb('lines').$type<{ lineId: string; quantity: number }[]>().notNull(),
    reason: text('reason', {
      enum: ['wrong_size', 'damaged', 'not_as_described', 'changed_mind'],
    }).notNull(),
    note: text('note'),
    /**
     * requested -> approved (the shopper sends the pairs back) -> received (refunded, perhaps
     * restocked); or approved with the refund at once when the staff choose it; or rejected.
     */
    status: text('status', { enum: ['requested', 'approved', 'received', 'rejected'] })
      .notNull()
      .default('requested'),
    /** The staff's words to the shopper when rejected. */
    message: text('message'),
    refundId: uuid('refund_id').references(() => orderRefunds.id),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** When the staff marked the pairs back in the warehouse, and who. */
    receivedBy: text('received_by'),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('return_requests_order_idx').on(t.orderId),
    // The staff table: waiting requests first, newest first.
    index('return_requests_queue_idx').on(t.status, t.createdAt),
  ],
);

/**
 * The staff audit log (issue 20): who did what when, with the values before and after, written in
 * the transaction of the change it records. Rows are only ever inserted: a trigger refuses UPDATE
 * and DELETE (migration 0013).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
    actorId: text('actor_id'),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    /** A name to read it by (a shoe's name, an order's payment id), as it was then. */
    targetLabel: text('target_label'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_actor_idx').on(t.actorEmail, t.at),
    index('audit_log_action_idx').on(t.action, t.at),
  ],
);

export const favorites = pgTable(
  'favorites',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shoeId: uuid('shoe_id')
      .notNull()
      .references(() => shoes.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /**
     * The shoe's price and sale as this favorite last saw them (issue 35 item 3): set when added, and
     * moved by the favorite alerts' consumer on each shoe.updated, compare-and-set, so a change is
     * told once (a drop from here, or going on sale) whichever event or instance saw it first.
     */
    seenPriceCents: integer('seen_price_cents'),
    seenOnSale: boolean('seen_on_sale'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.shoeId] }), index('favorites_shoe_idx').on(t.shoeId)],
);

/** A shopper's favorite alerts switch (issue 35 item 3), on the favorites page; no row is off. Favorites writes it. */
export const favoriteAlertSettings = pgTable('favorite_alert_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  updatedAt: updatedAt(),
});

/**
 * Each change of a favorite a shopper is told of (a price drop, going on sale), once per event, shoe
 * and shopper: pending until the shopper's digest job mails it with the others of its window, or
 * skips it (alerts off, account disabled). Favorites writes it; listed in the data download.
 */
export const favoriteAlerts = pgTable(
  'favorite_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null once the shoe is deleted: the alert stays in the shopper's download under its name. */
    shoeId: uuid('shoe_id').references(() => shoes.id, { onDelete: 'set null' }),
    shoeName: text('shoe_name').notNull(),
    /** The domain event that told of the change: a replayed event adds nothing. */
    eventId: uuid('event_id').notNull(),
    oldPriceCents: integer('old_price_cents').notNull(),
    newPriceCents: integer('new_price_cents').notNull(),
    wentOnSale: boolean('went_on_sale').notNull(),
    state: text('state', { enum: ['pending', 'sent', 'skipped'] })
      .notNull()
      .default('pending'),
    /** The digest job that took it: a job run again mails the same alerts, under the same key. */
    digestJobId: uuid('digest_job_id'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('favorite_alerts_event_user_shoe').on(t.eventId, t.userId, t.shoeId),
    index('favorite_alerts_user_state').on(t.userId, t.state),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shoeId: uuid('shoe_id')
      .notNull()
      .references(() => shoes.id, { onDelete: 'cascade' }),
    review: text('review').notNull(),
    rating: integer('rating').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reviews_user_shoe_unique').on(t.userId, t.shoeId),
    index('reviews_shoe_idx').on(t.shoeId),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    unsubscribeToken: text('unsubscribe_token').notNull().unique(),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('newsletter_email_lower_unique').on(sql`lower(${t.email})`)],
);

/**
 * 'Email me when it's back': one waiting address per email, shoe and size. Adding stock to the size
 * mails every waiting address once and deletes its request (used up); the token unsubscribes.
 */
export const restockRequests = pgTable(
  'restock_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    shoeId: uuid('shoe_id')
      .notNull()
      .references(() => shoes.id, { onDelete: 'cascade' }),
    size: text('size').notNull(),
    unsubscribeToken: text('unsubscribe_token').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('restock_requests_email_shoe_size_unique').on(sql`lower(${t.email})`, t.shoeId, t.size),
    index('restock_requests_shoe_size_idx').on(t.shoeId, t.size),
  ],
);

/**
 * Discount codes (docs/decisions/010). `uses` is counted in the checkout's transaction, under the
 * code's row lock, so a code limited to N uses gives exactly N discounted orders.
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** In capitals: codes are case-insensitive. */
    code: text('code').notNull().unique(),
    kind: text('kind', { enum: ['percent', 'fixed'] }).notNull(),
    percent: integer('percent'),
    amountCents: integer('amount_cents'),
    minSubtotalCents: integer('min_subtotal_cents'),
    startsOn: date('starts_on', { mode: 'string' }),
    endsOn: date('ends_on', { mode: 'string' }),
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    oncePerCustomer: boolean('once_per_customer').notNull().default(false),
    target: text('target', { enum: ['cart', 'brands', 'not_on_sale'] }).notNull(),
    /** Brand names, when `target` is `brands`. */
    brands: text('brands')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    active: boolean('active').notNull().default(true),
    /** A code made for one shopper (a cart reminder's, docs/decisions/029): no one else may use it. */
    onlyForUserId: text('only_for_user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('discount_codes_percent_range', sql`${t.percent} IS NULL OR ${t.percent} BETWEEN 1 AND 90`),
    check('discount_codes_amount_positive', sql`${t.amountCents} IS NULL OR ${t.amountCents} > 0`),
    check('discount_codes_uses_within_limit', sql`${t.maxUses} IS NULL OR ${t.uses} <= ${t.maxUses}`),
  ],
);

/**
 * One row per order that used a code. For a code used once per customer, a unique index on (code,
 * user) refuses a second use even when two checkouts of one shopper race.
 */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    codeId: uuid('code_id')
      .notNull()
      .references(() => discountCodes.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    oncePerCustomer: boolean('once_per_customer').notNull(),
    discountCents: integer('discount_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('discount_redemptions_code_idx').on(t.codeId),
    uniqueIndex('discount_redemptions_once_per_customer')
      .on(t.codeId, t.userId)
      .where(sql`${t.oncePerCustomer}`),
  ],
);

export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

/** Mail that could not be (or, with no SMTP_URL, is never) sent through SMTP. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    /**
     * What the mail tells of (an event, a restock request): a mail with a key is kept once, so an
     * event handed over twice mails nobody twice. Null for mails not sent about an event.
     */
    key: text('key').unique(),
  },
  (t) => [
    // The unsent mails, oldest first: what the backlog gauge (shop_mail_outbox_backlog) counts
    // without reading the sent ones, which are nearly all of the table.
    index('mail_outbox_unsent_idx')
      .on(t.createdAt)
      .where(sql`${t.sentAt} is null`),
  ],
);

/** better-auth's session, account (credentials and OAuth links) and verification tables. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    /** Begun with a second factor (an authenticator or recovery code, or a passkey): staff sessions need it. */
    secondFactor: boolean('second_factor').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * better-auth's two-factor record: the authenticator secret and the recovery codes, both
 * encrypted with the auth secret; failed codes are counted here for the account's lockout.
 */
export const twoFactors = pgTable(
  'two_factors',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [uniqueIndex('two_factors_user_idx').on(t.userId)],
);

/**
 * Authenticator codes that were accepted (RFC 6238 §5.2): a code is claimed here before it is
 * checked, so the same code typed again within its window is refused, on any instance. Only a
 * digest of the code is kept, and only until the code could no longer be valid.
 */
export const twoFactorUsedCodes = pgTable(
  'two_factor_used_codes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeDigest: text('code_digest').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.codeDigest] }),
    index('two_factor_used_codes_expiry_idx').on(t.expiresAt),
  ],
);

/**
 * better-auth's passkeys (WebAuthn credentials): the public key and its signature counter; the
 * private key never leaves the person's device.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: text('id').primaryKey(),
    name: text('name'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    publicKey: text('public_key').notNull(),
    credentialID: text('credential_id').notNull().unique(),
    counter: integer('counter').notNull().default(0),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    transports: text('transports'),
    aaguid: text('aaguid'),
    createdAt: createdAt(),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('accounts_user_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/**
 * Checkout requests by Idempotency-Key: a retry gets the first answer back;
 * the same key with another body is refused.
 */
export const checkoutAttempts = pgTable('checkout_attempts', {
  key: text('key').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  requestHash: text('request_hash').notNull(),
  responseStatus: integer('response_status'),
  responseBody: jsonb('response_body'),
  createdAt: createdAt(),
});

/**
 * The stock and code use a checkout holds while its payment is charged (docs/decisions/031): taken in a
 * short transaction before the provider is called (the pairs leave the sellable count at once, the
 * code's use is counted at once), then confirmed into the order or released (refusal, crash or expiry).
 * One live hold per attempt; a payment method is held by one checkout at a time; a code used once per
 * customer is held once per shopper. `order` is the order to record once paid (the reconciler keeps it
 * after a crash), cleared once the hold is settled. Written by modules/checkout alone.
 */
export const checkoutHolds = pgTable(
  'checkout_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    attemptKey: text('attempt_key').notNull(),
    /** The prepared payment that pays for what is held. */
    paymentId: text('payment_id').notNull(),
    userId: text('user_id').notNull(),
    paymentMethodId: text('payment_method_id').notNull(),
    /** The pairs taken: `[{ shoeId, size, quantity }]`. */
    lines: jsonb('lines').$type<{ shoeId: string; size: string; quantity: number }[]>().notNull(),
    /** The discount code whose use is held, if any. */
    codeId: uuid('code_id'),
    oncePerCustomer: boolean('once_per_customer').notNull().default(false),
    order: jsonb('order'),
    status: text('status', { enum: ['held', 'confirmed', 'released'] })
      .notNull()
      .default('held'),
    /** After this, a hold still held is settled by the reconciler (released unless it was paid). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('checkout_holds_live_attempt')
      .on(t.attemptKey)
      .where(sql`${t.status} = 'held'`),
    uniqueIndex('checkout_holds_payment_method')
      .on(t.paymentMethodId)
      .where(sql`${t.status} <> 'released'`),
    uniqueIndex('checkout_holds_code_once_per_customer')
      .on(t.codeId, t.userId)
      .where(sql`${t.oncePerCustomer} and ${t.status} = 'held'`),
    index('checkout_holds_expiry')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'held'`),
    index('checkout_holds_user_idx').on(t.userId),
  ],
);

/**
 * First-party analytics: page views counted per route pattern and day. No
 * cookies, no addresses, no user ids: nothing here identifies a visitor.
 */
export const pageViews = pgTable(
  'page_views',
  {
    day: date('day', { mode: 'string' }).notNull(),
    route: text('route').notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.route] })],
);

/**
 * The outbox of domain events (docs/decisions/017): a change writes what happened here, in its own
 * transaction; after commit one dispatcher hands each event to its consumers (the catalogue cache,
 * the other instances) and marks it dispatched. An event a crash left undispatched is handed over
 * by the next sweep, on any instance: delivered at least once, to consumers that may see it twice.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
    /** A sweep working on it until then; another may take it over afterwards. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
  },
  (t) => [
    // The sweep's queue: what is not dispatched yet, oldest first.
    index('domain_events_waiting_idx')
      .on(t.createdAt)
      .where(sql`${t.dispatchedAt} is null`),
  ],
);

/**
 * Ways to ship (issue 31), set by the staff in the admin panel (modules/shipping-methods writes it).
 * Seeded with Standard (free, 3-5 business days) and Express ($19.95, 1-2). An order copies the
 * method's name, price and estimate, so editing or retiring a method never changes a past order.
 */
export const shippingMethods = pgTable(
  'shipping_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    priceCents: integer('price_cents').notNull(),
    /** Free when the lines (after the code) cost at least this; null: never free. */
    freeAboveCents: integer('free_above_cents'),
    minDays: integer('min_days').notNull(),
    maxDays: integer('max_days').notNull(),
    active: boolean('active').notNull().default(true),
    /** The order the cart lists them in; the first active one is the default. */
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('shipping_methods_name_lower_unique').on(sql`lower(${t.name})`),
    check('shipping_methods_price_not_negative', sql`${t.priceCents} >= 0`),
    check('shipping_methods_days', sql`${t.minDays} >= 0 AND ${t.maxDays} >= ${t.minDays}`),
  ],
);

/**
 * Sales tax per US state (issue 31), set by the staff (modules/sales-tax writes it). No row: no tax
 * in that state; no rows at all: the shop charges no tax.
 */
export const taxRates = pgTable(
  'tax_rates',
  {
    /** The state's two-letter code ("NC"). */
    stateCode: text('state_code').primaryKey(),
    /** Thousandths of a percent: 7.25 % is 7250. */
    rateMilliPercent: integer('rate_milli_percent').notNull(),
    taxShipping: boolean('tax_shipping').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [check('tax_rates_rate_range', sql`${t.rateMilliPercent} BETWEEN 0 AND 25000`)],
);

/**
 * A shopper's saved delivery addresses (issue 31), offered at checkout (modules/addresses writes it);
 * at most one default each. Erased with the account.
 */
export const savedAddresses = pgTable(
  'saved_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    line1: text('line1').notNull(),
    line2: text('line2'),
    city: text('city').notNull(),
    /** As typed ("North Carolina" or "NC"); always a US state. */
    state: text('state').notNull(),
    postalCode: text('postal_code').notNull(),
    phone: text('phone'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('saved_addresses_user_idx').on(t.userId),
    uniqueIndex('saved_addresses_one_default')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

/**
 * A signed-in shopper's cart kept on the server (issue 35 item 1; modules/carts writes it,
 * docs/decisions/025): one per account, its lines in `cart_lines`. `version` grows with every change
 * (a device's write names the version it last saw, so a stale write is refused instead of losing
 * lines); `cartId` is replaced whenever the cart is emptied (Clear Cart, its last line removed, paid),
 * so "this cart" can be named by the reminders of item 2; `updatedAt` is the shopper's last change.
 * `paidCartId`/`paidOrderId`: the last cart a paid order emptied (the reminders' "recovered", and the
 * after-pay clearing done once per order). Erased with the account.
 */
export const carts = pgTable(
  'carts',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    cartId: uuid('cart_id').notNull().defaultRandom(),
    version: integer('version').notNull().default(0),
    /** When this cart (its `cartId`) got its first line. */
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
    paidCartId: uuid('paid_cart_id'),
    paidOrderId: uuid('paid_order_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  // The reminders' scan (modules/cart-reminders) finds carts untouched since a time by it.
  (t) => [index('carts_updated_at').on(t.updatedAt)],
);

/**
 * The lines of a server cart, one per shoe and size, in the shopper's order (`position`). No foreign
 * key to the shoe: a line whose shoe left the catalogue stays, shown as removed. `addedPriceCents` and
 * `addedStock` are the catalogue's price and the pairs in that size when the line was added: the cart
 * tells what changed since.
 */
export const cartLines = pgTable(
  'cart_lines',
  {
    userId: text('user_id')
      .notNull()
      .references(() => carts.userId, { onDelete: 'cascade' }),
    shoeId: text('shoe_id').notNull(),
    size: text('size').notNull(),
    quantity: integer('quantity').notNull(),
    name: text('name').notNull(),
    image: text('image').notNull(),
    position: integer('position').notNull(),
    addedPriceCents: integer('added_price_cents').notNull(),
    addedStock: integer('added_stock').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.shoeId, t.size] }),
    check('cart_lines_quantity_range', sql`${t.quantity} between 1 and 99`),
  ],
);

/** Bytes, as PostgreSQL's bytea (PGlite and node-postgres both hand them over as a Buffer-like array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Durable jobs (src/server/jobs): long work that survives a reload and a restart, on any instance.
 * A runner claims a queued job with a lease it renews while working; a job whose lease ran out (its
 * instance stopped) is claimed again and resumes from its `checkpoint`, which the work writes in the
 * same transaction as each batch it commits, so no batch is done twice. `waiting` is a job paused for
 * a person (an import's preview, waiting to be applied).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    state: text('state', { enum: ['queued', 'running', 'waiting', 'done', 'failed', 'cancelled'] }).notNull(),
    /** What the work is about (its input), set when queued. */
    payload: jsonb('payload').notNull(),
    /** Where a resumed run starts again; written with each committed batch. */
    checkpoint: jsonb('checkpoint'),
    /** What the work found or did, for the people who follow it (an import's preview and report). */
    result: jsonb('result'),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total').notNull().default(0),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** Not claimed before this time (a digest that waits for its window); null: at once. */
    runAfter: timestamp('run_after', { withTimezone: true }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('jobs_claim_idx').on(t.state, t.createdAt),
    index('jobs_kind_created_idx').on(t.kind, t.createdAt.desc()),
  ],
);

/** Files a job works on (an import's CSV and ZIP), kept in the database so any instance can run it. */
export const jobFiles = pgTable(
  'job_files',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.name] })],
);

/**
 * Where the shop POSTs its events (issue 34 item 3, docs/decisions/024), set by the staff
 * (modules/webhooks writes it). `secret` is the signing secret sealed with a key derived from the
 * session secret (webhooks/secret-box.ts), never answered after creation.
 */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: uuid('id').primaryKey().defaultRandom(),
  url: text('url').notNull(),
  events: jsonb('events').$type<string[]>().notNull(),
  description: text('description').notNull().default(''),
  active: boolean('active').notNull().default(true),
  secret: text('secret').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * One event for one endpoint, and the durable queue of its attempts (modules/webhooks writes it):
 * unique per (endpoint, event), so an event handed over twice queues one delivery. The body is built
 * when it is queued and sent as it is at every attempt and replay.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The webhook-id header: the domain event's id (a ping's own). */
    eventId: uuid('event_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The JSON body, as sent. */
    body: text('body').notNull(),
    state: text('state', { enum: ['pending', 'delivering', 'delivered', 'failed'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    responseExcerpt: text('response_excerpt'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** A worker sending it until then; another instance may take it over afterwards. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** Retried until then (WEBHOOK_RETRY_HOURS after it was queued or replayed), then failed. */
    retryUntil: timestamp('retry_until', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_endpoint_event_unique').on(t.endpointId, t.eventId),
    index('webhook_deliveries_due_idx').on(t.state, t.nextAttemptAt),
    index('webhook_deliveries_endpoint_created_idx').on(t.endpointId, t.createdAt.desc()),
  ],
);

/** Each attempt of a delivery, for the log (modules/webhooks writes it). */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    status: integer('status'),
    error: text('error'),
    responseExcerpt: text('response_excerpt'),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.startedAt)],
);

/**
 * "You may also like" (issue 35 item 4, docs/decisions/027): how many paid orders held both shoes,
 * kept in both directions (a row for each of the pair) so one shoe's partners are one index range,
 * most bought together first. Counted by modules/recommendations from `order.paid`, after commit.
 */
export const coPurchases = pgTable(
  'co_purchases',
  {
    shoeId: uuid('shoe_id')
      .notNull()
      .references(() => shoes.id, { onDelete: 'cascade' }),
    otherShoeId: uuid('other_shoe_id')
      .notNull()
      .references(() => shoes.id, { onDelete: 'cascade' }),
    orders: integer('orders').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.shoeId, t.otherShoeId] }),
    index('co_purchases_shoe_orders_idx').on(t.shoeId, t.orders.desc(), t.otherShoeId),
    check('co_purchases_not_itself', sql`${t.shoeId} <> ${t.otherShoeId}`),
  ],
);

/** The orders already counted in co_purchases: an `order.paid` handed over twice counts once. */
export const coPurchaseOrders = pgTable('co_purchase_orders', {
  orderId: uuid('order_id').primaryKey(),
  countedAt: timestamp('counted_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Abandoned-cart reminders (issue 35 item 2, docs/decisions/029), written only by modules/cart-reminders.
 * One row per cart (`cartId` of `carts`) and reminder number: the unique index is the claim that makes
 * a reminder happen once whichever instance finds the cart first. `lines` are the pairs the mail named
 * (the restore link brings them back); `recoveredOrderId` the order that later paid this cart.
 */
export const cartReminders = pgTable(
  'cart_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cartId: uuid('cart_id').notNull(),
    number: integer('number').notNull(),
    state: text('state', { enum: ['pending', 'sent', 'skipped'] })
      .notNull()
      .default('pending'),
    skippedReason: text('skipped_reason'),
    lines: jsonb('lines')
      .$type<{ shoeId: string; size: string; quantity: number; name: string; image: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    discountCode: text('discount_code'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    recoveredOrderId: uuid('recovered_order_id'),
    /**
     * The saved cart the mail's restore link brought the pairs into (a new cart when the reminded one
     * was emptied meanwhile): paying it recovers this reminder as paying the reminded cart does.
     */
    restoredCartId: uuid('restored_cart_id'),
  },
  (t) => [
    uniqueIndex('cart_reminders_cart_number').on(t.cartId, t.number),
    index('cart_reminders_user').on(t.userId),
    index('cart_reminders_restored_cart')
      .on(t.restoredCartId)
      .where(sql`${t.restoredCartId} is not null`),
    index('cart_reminders_pending')
      .on(t.claimedAt)
      .where(sql`${t.state} = 'pending'`),
  ],
);

/** Accounts that asked for no cart reminder (the mail's unsubscribe link); written by modules/cart-reminders. */
export const cartReminderOptOuts = pgTable('cart_reminder_opt_outs', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

/**
 * The owner's choice for the second reminder (one row, id 1): on or off, and the terms of the
 * single-use code it carries (a percent or an amount in cents, valid for `expiryDays`).
 */
export const cartReminderSettings = pgTable(
  'cart_reminder_settings',
  {
    id: integer('id').primaryKey().default(1),
    secondEnabled: boolean('second_enabled').notNull().default(false),
    kind: text('kind', { enum: ['percent', 'fixed'] })
      .notNull()
      .default('percent'),
    /** Percent (1-90) or cents, by `kind`. */
    value: integer('value').notNull().default(10),
    expiryDays: integer('expiry_days').notNull().default(7),
    updatedAt: updatedAt(),
  },
  (t) => [check('cart_reminder_settings_one_row', sql`${t.id} = 1`)],
);

/**
 * Drops (issue 36, docs/decisions/032), written by modules/drops: a limited release of one shoe, by a
 * draw or first come. `seed` stays secret until the draw (only `commitment`, its SHA-256, is answered
 * before); `status` is what staff and the draw set, the entry window is read from the clock.
 */
export const drops = pgTable(
  'drops',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shoeId: uuid('shoe_id')
      .notNull()
      .references(() => shoes.id, { onDelete: 'restrict' }),
    mode: text('mode', { enum: ['draw', 'first_come'] }).notNull(),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    commitment: text('commitment').notNull(),
    seed: text('seed').notNull(),
    admitPerMinute: integer('admit_per_minute').notNull().default(60),
    minutesToPay: integer('minutes_to_pay').notNull().default(5),
    status: text('status', { enum: ['scheduled', 'drawing', 'drawn', 'cancelled'] })
      .notNull()
      .default('scheduled'),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    /** The draw's durable job, once entries closed. */
    drawJobId: uuid('draw_job_id'),
    /** Shoppers who joined a first-come drop's waiting room: the last late arrival's place. */
    queued: integer('queued').notNull().default(0),
    createdBy: text('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('drops_shoe').on(t.shoeId),
    index('drops_opens_at').on(t.opensAt),
    check('drops_window', sql`${t.closesAt} > ${t.opensAt}`),
  ],
);

/** Pairs per size of a drop, and how many were sold (won, or bought first come). */
export const dropSizes = pgTable(
  'drop_sizes',
  {
    dropId: uuid('drop_id')
      .notNull()
      .references(() => drops.id, { onDelete: 'cascade' }),
    size: text('size').notNull(),
    pairs: integer('pairs').notNull(),
    sold: integer('sold').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.dropId, t.size] }),
    check('drop_sizes_pairs', sql`${t.pairs} > 0 AND ${t.sold} >= 0 AND ${t.sold} <= ${t.pairs}`),
  ],
);

/**
 * A first-come drop's waiting room (docs/decisions/034), written by modules/drops: one place per
 * shopper. Those who joined before the opening (`early`) get their place at it, in the order of a
 * random `draw_key`; those after take the drop's next `queued` number.
 */
export const dropQueue = pgTable(
  'drop_queue',
  {
    dropId: uuid('drop_id')
      .notNull()
      .references(() => drops.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    early: boolean('early').notNull(),
    drawKey: text('draw_key').notNull(),
    place: integer('place'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.dropId, t.userId] }),
    uniqueIndex('drop_queue_place').on(t.dropId, t.place),
  ],
);

/** A flag on an entry: another shopper tried to enter with its card or its address. */
export interface DropEntryFlag {
  reason: 'card' | 'address';
  email: string;
  at: string;
}

/**
 * A draw's entries: one per person, which is one per verified email, per card (its fingerprint) and
 * per delivery address (its key, domain/drops.ts) in each drop. The id is published at the close; a
 * deleted account's entry keeps it, without who or where.
 */
export const dropEntries = pgTable(
  'drop_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dropId: uuid('drop_id')
      .notNull()
      .references(() => drops.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email'),
    size: text('size').notNull(),
    deliveryAddress: jsonb('delivery_address').$type<Record<string, string>>(),
    addressKey: text('address_key'),
    shippingMethod: text('shipping_method'),
    paymentMethodId: text('payment_method_id'),
    cardFingerprint: text('card_fingerprint'),
    cardLast4: text('card_last4'),
    outcome: text('outcome', { enum: ['entered', 'won', 'declined', 'lost'] })
      .notNull()
      .default('entered'),
    orderId: uuid('order_id'),
    flags: jsonb('flags').$type<DropEntryFlag[]>().notNull().default([]),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('drop_entries_email').on(t.dropId, t.email),
    uniqueIndex('drop_entries_user').on(t.dropId, t.userId),
    uniqueIndex('drop_entries_card').on(t.dropId, t.cardFingerprint),
    uniqueIndex('drop_entries_address').on(t.dropId, t.addressKey),
    index('drop_entries_user_id').on(t.userId),
  ],
);
