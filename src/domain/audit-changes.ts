import type { AuditAction } from './audit.js';
import { formatPrice } from './cart-lines.js';
import { formatTaxRate } from './invoice.js';
import { RETURN_REASON_LABELS, type ReturnReason } from './returns.js';
import type { TwoFactorKind } from './two-factor.js';

/**
 * What an audit entry changed, field by field, in the shop owner's words (issue 32 item 8): "Price:
 * $120 → $99", "Size 9 stock: 13 → 0", "Status: Pending → Received". The entry's before and after
 * are whatever its writer stored (src/server, `recordAudit`), so each kind's shape is read here, and
 * a field this file does not know still reads as words from its key and short JSON.
 *
 * A change has `from` (the value before), `to` (after), or both: a created thing lists what was set
 * (`to` only), a deleted one what went (`from` only).
 */
export interface AuditChange {
  label: string;
  from?: string;
  to?: string;
}

/**
 * One field of a before or after value, with its text. An empty field (null) is left out of what
 * a new thing was given, and reads as `empty` ("none" unless told) when an edit fills or empties it.
 */
interface Fact {
  key: string;
  label: string;
  text: string | null;
  empty?: string;
}

/** Texts longer than this are cut in the list: the raw values keep them whole. */
const LONGEST_TEXT = 80;

const money = (cents: number) => formatPrice(cents / 100);
const yesNo = (value: unknown) => (value ? 'yes' : 'no');
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** `trackingNumber` -> "Tracking number", `free_above` -> "Free above", `giftWrapCents` -> "Gift wrap". */
export function labelOfKey(key: string): string {
  const words = key
    .replace(/(.)Cents$/, '$1')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return capitalized(words || key);
}

/** Ids mean nothing to a person: they are left out, unless they are all there is. */
const isIdKey = (key: string) => key === 'id' || key === '_id' || /[a-z]Ids?$/.test(key);

/** A value no rule knows, as short text: yes/no, cents as dollars, lists joined, anything else JSON. */
function plainText(key: string, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return yesNo(value);
  if (isNumber(value) && /Cents$/.test(key)) return money(value);
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number'))
    return value.join(', ');
  return JSON.stringify(value);
}

/** The number of pairs in `[{ lineId, quantity }]` (refunds and returns): the line ids say nothing. */
function pairsOf(lines: unknown): string | null {
  if (!Array.isArray(lines) || lines.length === 0) return null;
  const pairs = lines.reduce<number>(
    (sum, line) => sum + (isRecord(line) && isNumber(line.quantity) ? line.quantity : 0),
    0,
  );
  return String(pairs);
}

const SECOND_STEPS: Record<TwoFactorKind | 'passkey', string> = {
  authenticator: 'Authenticator code',
  recovery: 'Recovery code',
  passkey: 'Passkey',
};

/** The fields every kind shares: a key's label, and how its value reads. */
const FIELDS: Record<string, { label: string; text?: (value: unknown) => string | null; empty?: string }> = {
  name: { label: 'Name' },
  code: { label: 'Code' },
  brand: { label: 'Brand' },
  color: { label: 'Color' },
  description: { label: 'Description' },
  /** A shoe's price, in dollars as its form sends it. */
  price: { label: 'Price', text: (value) => (isNumber(value) ? formatPrice(value) : plainText('', value)) },
  priceCents: { label: 'Price', text: (value) => (isNumber(value) ? money(value) : null) },
  /** The was-price of a sale (issue 33), in dollars as its form sends it; none when cleared. */
  compareAtPrice: {
    label: 'Compare-at price',
    text: (value) => (isNumber(value) ? formatPrice(value) : null),
  },
  onSale: { label: 'On sale', text: yesNo },
  image: { label: 'Picture', text: (value) => (value ? 'new picture' : null) },
  status: { label: 'Status' },
  manager: { label: 'Manager', text: yesNo },
  carrier: { label: 'Carrier' },
  trackingNumber: { label: 'Tracking number' },
  refundedCents: { label: 'Refunded', text: (value) => (isNumber(value) ? money(value) : null) },
  reason: {
    label: 'Reason',
    text: (value) =>
      typeof value === 'string' ? (RETURN_REASON_LABELS[value as ReturnReason] ?? value) : null,
  },
  buyerMessage: { label: 'Message to the buyer' },
  message: { label: 'Message' },
  lines: { label: 'Pairs', text: pairsOf },
  restock: { label: 'Back in stock', text: yesNo },
  oncePerCustomer: { label: 'Once per customer', text: yesNo },
  maxUses: { label: 'Use limit', empty: 'no limit' },
  startsOn: { label: 'Starts' },
  endsOn: { label: 'Ends' },
  active: { label: 'Active', text: yesNo },
  freeAboveCents: { label: 'Free above', empty: 'never' },
  rateMilliPercent: { label: 'Rate', text: (value) => (isNumber(value) ? formatTaxRate(value) : null) },
  taxShipping: { label: 'Shipping taxed', text: yesNo },
  secondFactor: {
    label: 'Second step',
    text: (value) =>
      typeof value === 'string' ? (SECOND_STEPS[value as keyof typeof SECOND_STEPS] ?? value) : null,
  },
  passkey: { label: 'Passkey' },
  ip: { label: 'Address' },
  userAgent: { label: 'Browser' },
};

function fieldFact(key: string, value: unknown): Fact {
  const field = FIELDS[key];
  const text = field?.text ? field.text(value) : plainText(key, value);
  return {
    key,
    label: field?.label ?? labelOfKey(key),
    text,
    ...(field?.empty ? { empty: field.empty } : {}),
  };
}

/** A shoe's size and its pairs: "Size 9 stock"; sizes are matched by their label, before and after. */
function sizeFacts(size: unknown, quantity: unknown): Fact[] {
  if (typeof size !== 'string' && !isNumber(size)) return [];
  if (quantity === undefined) return [{ key: 'size', label: 'Size', text: String(size) }];
  return [{ key: `size:${size}`, label: `Size ${size} stock`, text: plainText('', quantity) }];
}

/** What the admin answer of a discount code adds to its terms: figures and totals nobody sets. */
const DISCOUNT_FIGURES = new Set(['_id', 'uses', 'orders', 'discounted']);

/** A discount's amount: the form's terms (`{ kind, percent | amountCents }`) or the answer's (dollars). */
function discountOff(value: Record<string, unknown>): string | null {
  const { amount, kind, percent } = value;
  if (isRecord(amount)) {
    if (isNumber(amount.percent)) return `${amount.percent}%`;
    return isNumber(amount.amountCents) ? money(amount.amountCents) : null;
  }
  if (kind === 'percent' && isNumber(percent)) return `${percent}%`;
  return isNumber(amount) ? formatPrice(amount) : null;
}

/** What a discount applies to, from the terms' `target: { kind, brands }` or the answer's flat fields. */
function discountTarget(value: Record<string, unknown>): string | null {
  const { target, brands } = value;
  const kind = isRecord(target) ? target.kind : target;
  const names = isRecord(target) ? target.brands : brands;
  if (kind === 'cart') return 'the whole cart';
  if (kind === 'not_on_sale') return 'shoes not on sale';
  if (kind === 'brands') return `brands: ${Array.isArray(names) ? names.join(', ') : ''}`;
  return plainText('', kind);
}

/**
 * A discount code's terms: its update's before is the admin answer (dollars, flat) and its after the
 * form's terms (cents, nested), so both are read into the same fields to be compared.
 */
function discountFacts(value: Record<string, unknown>): Fact[] {
  const facts: Fact[] = [];
  const { amount, kind, percent, target, brands, minSubtotal, minSubtotalCents, ...rest } = value;
  if (amount !== undefined || kind !== undefined || percent !== undefined)
    facts.push({ key: 'amount', label: 'Discount', text: discountOff(value) });
  if (target !== undefined) facts.push({ key: 'target', label: 'Applies to', text: discountTarget(value) });
  else if (brands !== undefined) facts.push(fieldFact('brands', brands));
  if (minSubtotalCents !== undefined || minSubtotal !== undefined) {
    const cents = isNumber(minSubtotalCents)
      ? minSubtotalCents
      : isNumber(minSubtotal)
        ? Math.round(minSubtotal * 100)
        : null;
    facts.push({
      key: 'minSubtotal',
      label: 'Minimum subtotal',
      text: cents === null ? null : money(cents),
    });
  }
  const terms = Object.fromEntries(Object.entries(rest).filter(([key]) => !DISCOUNT_FIGURES.has(key)));
  return [...facts, ...recordFacts(terms)];
}

/** A shipping method's delivery estimate, "2–5 business days", from its two day counts. */
function shippingFacts(value: Record<string, unknown>): Fact[] {
  const { minDays, maxDays, ...rest } = value;
  const days =
    isNumber(minDays) && isNumber(maxDays)
      ? [{ key: 'days', label: 'Delivery', text: `${minDays}–${maxDays} business days` }]
      : recordFacts({ minDays, maxDays });
  return [...recordFacts(rest), ...days];
}

/** An object's fields, ids left out (unless nothing else is there), a stock list spread by size. */
function recordFacts(value: Record<string, unknown>): Fact[] {
  const entries = Object.entries(value).filter(([, field]) => field !== undefined);
  const shown = entries.filter(([key]) => !isIdKey(key));
  const facts: Fact[] = [];
  for (const [key, field] of shown.length > 0 ? shown : entries) {
    if (key === 'quantity' && 'size' in value) continue;
    if (key === 'size') facts.push(...sizeFacts(field, value.quantity));
    else if (key === 'stock' && Array.isArray(field)) {
      for (const entry of field) if (isRecord(entry)) facts.push(...sizeFacts(entry.size, entry.quantity));
    } else facts.push(fieldFact(key, field));
  }
  return facts;
}

/** A before or after value of an entry of `action`, as its fields. */
function factsOf(action: AuditAction, value: unknown): Fact[] {
  if (value === null || value === undefined) return [];
  const family = action.split('.')[0];
  if (family === 'order' && isRecord(value) && 'value' in value) {
    // A trail entry's details ride along the value after (order-trail.ts): the refund's reason, pairs...
    const { value: changed, ...details } = value;
    return [...factsOf(action, changed), ...recordFacts(details)];
  }
  if (action === 'order.status' && typeof value === 'string')
    return [{ key: 'status', label: 'Status', text: value }];
  if (action === 'order.return' && typeof value === 'string')
    return [{ key: 'status', label: 'Return', text: capitalized(value) }];
  if (action === 'shipping.order' && Array.isArray(value))
    return [{ key: 'order', label: 'Order in the cart', text: plainText('', value) }];
  if (!isRecord(value)) return [{ key: 'value', label: 'Value', text: plainText('', value) }];
  if (family === 'discount') return discountFacts(value);
  if (family === 'shipping') return shippingFacts(value);
  return recordFacts(value);
}

const shortened = (text: string) =>
  text.length > LONGEST_TEXT ? `${text.slice(0, LONGEST_TEXT - 1).trimEnd()}…` : text;

/**
 * The order fields are listed in, whatever order they were stored in: PostgreSQL's jsonb keeps an
 * object's keys shortest first (`size` before `price`), not in the order the writer gave them.
 */
const FIELD_ORDER = [
  'status',
  'name',
  'code',
  'amount',
  'target',
  'minSubtotal',
  'brand',
  'color',
  'price',
  'priceCents',
  'compareAtPrice',
  'freeAboveCents',
  'days',
  'description',
  'onSale',
  'image',
  'size',
  'manager',
  'carrier',
  'trackingNumber',
  'refundedCents',
  'reason',
  'lines',
  'restock',
  'buyerMessage',
  'message',
  'startsOn',
  'endsOn',
  'maxUses',
  'oncePerCustomer',
  'active',
  'order',
  'rateMilliPercent',
  'taxShipping',
  'secondFactor',
  'passkey',
  'ip',
  'userAgent',
];

/** A fact's place: known fields in FIELD_ORDER, sizes by their number, anything else after, as stored. */
function compareFacts(a: Fact, b: Fact): number {
  const rank = (fact: Fact) => {
    const index = FIELD_ORDER.indexOf(fact.key.split(':')[0]!);
    return index === -1 ? FIELD_ORDER.length : index;
  };
  const size = (fact: Fact) => Number(fact.key.split(':')[1] ?? 0) || 0;
  return rank(a) - rank(b) || size(a) - size(b);
}

/**
 * The fields an entry changed. A change of nothing (the same values saved again) is an empty list.
 */
export function auditChanges(action: AuditAction, before: unknown, after: unknown): AuditChange[] {
  const was = factsOf(action, before).sort(compareFacts);
  const now = factsOf(action, after).sort(compareFacts);
  const shown = (fact: Fact) => shortened(fact.text ?? fact.empty ?? 'none');
  if (before === null || before === undefined)
    return now.filter((fact) => fact.text !== null).map((fact) => ({ label: fact.label, to: shown(fact) }));
  if (after === null || after === undefined)
    return was.filter((fact) => fact.text !== null).map((fact) => ({ label: fact.label, from: shown(fact) }));

  const wasByKey = new Map(was.map((fact) => [fact.key, fact]));
  const nowByKey = new Map(now.map((fact) => [fact.key, fact]));
  const changes: { fact: Fact; change: AuditChange }[] = [];
  for (const old of was) {
    const fresh = nowByKey.get(old.key);
    // A field the after leaves out was not part of the change (a shoe saved without its sale flag),
    // except a size: it went.
    if (!fresh) {
      if (old.key.startsWith('size:'))
        changes.push({ fact: old, change: { label: old.label, from: shown(old) } });
    } else if (fresh.text !== old.text)
      changes.push({
        fact: fresh,
        change: { label: fresh.label, from: shown(old), to: shown(fresh) },
      });
  }
  for (const fresh of now)
    if (!wasByKey.has(fresh.key) && fresh.text !== null)
      changes.push({ fact: fresh, change: { label: fresh.label, to: shown(fresh) } });
  return changes.sort((a, b) => compareFacts(a.fact, b.fact)).map(({ change }) => change);
}
