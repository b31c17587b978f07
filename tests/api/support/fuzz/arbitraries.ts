// One file because the valid and the invalid generators walk the same JSON Schema shape and the
// invalid ones are built around valid ones; only openapi-fuzz.test.ts uses them.
import fc from 'fast-check';

/** The JSON Schema keywords the shop's OpenAPI document uses (Zod 4's output for OpenAPI 3.0). */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  [keyword: string]: unknown;
}

/**
 * Values that mean something to the shop for a field or parameter of this
 * name and schema (ids of rows that exist, a brand's name, a known email), so
 * that valid requests get past "not found" and reach the code behind it.
 */
export type Hints = (name: string, schema: JsonSchema) => fc.Arbitrary<unknown> | undefined;

const noHints: Hints = () => undefined;

// ---------------------------------------------------------------------------------------------
// Valid values: whatever the schema allows (the server may still refuse them for reasons the
// schema cannot say, such as a failed Luhn check or a shoe that does not exist).
// ---------------------------------------------------------------------------------------------

export function validValue(schema: JsonSchema, hints: Hints = noHints, name?: string): fc.Arbitrary<unknown> {
  const generated = fromSchema(schema, hints);
  const hinted = name === undefined ? undefined : hints(name, schema);
  return hinted ? fc.oneof({ weight: 2, arbitrary: hinted }, { weight: 1, arbitrary: generated }) : generated;
}

function fromSchema(schema: JsonSchema, hints: Hints): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants && variants.length > 0)
    return fc.oneof(...variants.map((variant) => fromSchema(variant, hints)));
  if (schema.allOf && schema.allOf.length > 0) return fromSchema(Object.assign({}, ...schema.allOf), hints);
  const base = byType(schema, hints);
  return schema.nullable ? fc.option(base, { nil: null, freq: 5 }) : base;
}

function byType(schema: JsonSchema, hints: Hints): fc.Arbitrary<unknown> {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringOf(schema);
    case 'integer':
      return integerOf(schema);
    case 'number':
      return numberOf(schema);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 4, 4));
      return fc.array(validValue(schema.items ?? {}, hints), { minLength, maxLength });
    }
    case 'object':
      return objectOf(schema, hints);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectOf(schema: JsonSchema, hints: Hints): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const keys = Object.keys(properties);
  if (keys.length === 0) return fc.constant({});
  const model = Object.fromEntries(keys.map((key) => [key, validValue(properties[key]!, hints, key)]));
  const requiredKeys = (schema.required ?? []).filter((key) => keys.includes(key));
  return fc.record(model, { requiredKeys }) as fc.Arbitrary<Record<string, unknown>>;
}

function regexOf(pattern: string): RegExp | undefined {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return undefined;
  }
}

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Number.POSITIVE_INFINITY;
  // Zod counts UTF-16 code units, as String.length does.
  const fits = (value: string) => value.length >= min && value.length <= max;
  switch (schema.format) {
    case 'email':
      return fc.emailAddress().filter(fits);
    case 'uuid':
      return fc.uuid();
    case 'date-time':
      return fc
        .date({ min: new Date(0), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((date) => date.toISOString());
  }
  const regex = schema.pattern === undefined ? undefined : regexOf(schema.pattern);
  if (regex) {
    try {
      return fc.stringMatching(regex).filter(fits);
    } catch {
      // A pattern fast-check cannot generate from: plain strings below (mostly refused, which is fine).
    }
  }
  const maxLength = Math.min(max, min + 40);
  return fc
    .oneof(
      { weight: 4, arbitrary: fc.string({ minLength: min, maxLength, unit: 'grapheme-ascii' }) },
      { weight: 1, arbitrary: fc.string({ minLength: min, maxLength, unit: 'grapheme' }) },
      // Any code point, control characters (NUL included) too: still a valid JSON string.
      { weight: 1, arbitrary: fc.string({ minLength: min, maxLength, unit: 'binary' }) },
    )
    .filter(fits);
}

function bounds(schema: JsonSchema, step: number): { min: number; max: number } {
  let min = schema.minimum ?? -1_000_000;
  let max = schema.maximum ?? 1_000_000;
  if (typeof schema.exclusiveMinimum === 'number') min = schema.exclusiveMinimum + step;
  else if (schema.exclusiveMinimum === true) min += step;
  if (typeof schema.exclusiveMaximum === 'number') max = schema.exclusiveMaximum - step;
  else if (schema.exclusiveMaximum === true) max -= step;
  return { min, max };
}

const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };

function integerOf(schema: JsonSchema): fc.Arbitrary<number> {
  const { min: rawMin, max: rawMax } = bounds(schema, 1);
  const min = Math.ceil(rawMin);
  const max = Math.floor(rawMax);
  const inner = { min: Math.max(min, INT32.min), max: Math.min(max, INT32.max) };
  const edges = fc.constantFrom(min, max);
  if (inner.min > inner.max) return edges;
  return fc.oneof({ weight: 8, arbitrary: fc.integer(inner) }, { weight: 1, arbitrary: edges });
}

function numberOf(schema: JsonSchema): fc.Arbitrary<number> {
  const { min, max } = bounds(schema, Number.EPSILON);
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

// ---------------------------------------------------------------------------------------------
// Invalid values: wrong types, nulls, missing and extra fields, huge strings, hostile text.
// ---------------------------------------------------------------------------------------------

export const NASTY_STRINGS: readonly string[] = [
  // SQL
  "' OR 1=1 --",
  "'; DROP TABLE shoes; --",
  '" OR ""="',
  "1' AND pg_sleep(1)::text = '",
  '%',
  '_',
  '%_%',
  '\\',
  "\\'",
  // HTML and templates
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '{{7*7}}',
  '${7*7}',
  // paths
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '/etc/passwd',
  'file:///etc/passwd',
  // prototype keys
  '__proto__',
  'constructor',
  'prototype',
  // numbers in disguise
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '0',
  '-0',
  '1.5',
  '1e308',
  '1e999',
  '9007199254740993',
  '0x1F',
  '1,5',
  ' 7 ',
  '007',
  // next to nothing
  '',
  ' ',
  '\t',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  // unicode: NUL, RTL override, scripts, emoji, combining marks, BOM, zero width, a lone surrogate
  '\u0000',
  'nul\u0000inside',
  '\u202Egnp.exe',
  'שלום עולם',
  'مرحبا بالعالم',
  '👟🔥',
  '👨‍👩‍👧‍👦',
  'e\u0301\u0301\u0301',
  'ﬁ',
  '\uFEFFbom',
  'zero\u200Bwidth',
  '\ud800',
  'ＡＤＭＩＮ',
  'İı',
  '\r\n\r\nX-Injected: 1',
];

/** 100k characters each, well under the 1 MB body limit. */
export const HUGE_STRINGS: readonly string[] = [
  'x'.repeat(100_000),
  '👟'.repeat(50_000),
  "' OR 1=1 -- ".repeat(8_400),
];

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 1, arbitrary: fc.constantFrom(...HUGE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.string({ unit: 'grapheme-ascii', maxLength: 8 }), fc.constantFrom(...NASTY_STRINGS))
      .map(([prefix, nasty]) => prefix + nasty),
  },
);

export const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    -1,
    0,
    -0,
    0.5,
    1.5,
    -1e-9,
    1e308,
    -1e308,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 53 + 2,
    Number.MAX_SAFE_INTEGER,
    Number.MIN_SAFE_INTEGER,
    1e21,
    5e-324,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** JSON.parse keeps `__proto__` and `constructor` as own keys, as a hostile client's body would. */
const poisoned = fc
  .constantFrom(
    '{"__proto__":{"admin":true,"role":"admin"}}',
    '{"constructor":{"prototype":{"admin":true}}}',
    '{"a":{"__proto__":{"polluted":true}}}',
  )
  .map((text) => JSON.parse(text) as unknown);

/** Deep enough to trip a recursive validator, shallow enough for JSON.stringify inside fast-check. */
const deeplyNested = fc
  .constant(null)
  .map(() => JSON.parse(`${'['.repeat(1000)}${']'.repeat(1000)}`) as unknown);

export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: nastyString },
  { weight: 2, arbitrary: nastyNumber },
  {
    weight: 3,
    arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], [''], { $gt: '' }, { $ne: null }),
  },
  { weight: 1, arbitrary: poisoned },
  { weight: 1, arbitrary: deeplyNested },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

/** JSON texts nested 100,000 deep (600 kB at most, under the 1 MB body limit): sent as they are. */
export const DEEP_JSON_TEXTS: readonly string[] = [
  `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
  `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`,
];

/** Fields nobody may set through a public body (mass assignment), and prototype keys. */
export const EXTRA_KEYS: readonly string[] = [
  'status',
  'manager',
  'role',
  'onSale',
  'price',
  'priceCents',
  'idUser',
  'userId',
  '_id',
  'id',
  'email',
  'version',
  'stock',
  'amount',
  'admin',
  'isAdmin',
  '__proto__',
  'constructor',
];

export const privilegedValue = fc.constantFrom<unknown>(
  'Enabled',
  'Disabled',
  'Eliminated',
  'admin',
  'Received',
  true,
  false,
  0,
  1,
  999_999,
  { admin: true },
);

type Json = unknown;
type Container = Record<string, Json> | Json[];

const isContainer = (value: Json): value is Container => typeof value === 'object' && value !== null;

/** Every (container, key) below the root, depth first. */
function slotsOf(value: Json): [Container, string | number][] {
  const slots: [Container, string | number][] = [];
  const visit = (node: Json) => {
    if (!isContainer(node)) return;
    const keys = Array.isArray(node) ? node.map((_, index) => index) : Object.keys(node);
    for (const key of keys) {
      slots.push([node, key]);
      visit((node as Record<string | number, Json>)[key]);
    }
  };
  visit(value);
  return slots;
}

/** A copy with the `n`th slot (modulo their number) set to `replacement`; the root when there is none. */
function replaceSlot(value: Json, n: number, replacement: Json): Json {
  const copy = structuredClone(value);
  const slots = slotsOf(copy);
  if (slots.length === 0) return replacement;
  const [container, key] = slots[n % slots.length]!;
  (container as Record<string | number, Json>)[key] = replacement;
  return copy;
}

/** A copy without the `n`th object key (modulo their number), wherever it is. */
function dropKey(value: Json, n: number): Json {
  const copy = structuredClone(value);
  const slots = slotsOf(copy).filter(([container]) => !Array.isArray(container));
  if (slots.length === 0) return copy;
  const [container, key] = slots[n % slots.length]!;
  delete (container as Record<string, Json>)[key];
  return copy;
}

/** Adds an own enumerable key, `__proto__` included, that JSON.stringify will send. */
function withOwnKey(value: Json, key: string, extra: Json): Json {
  if (!isContainer(value) || Array.isArray(value)) return value;
  const copy = { ...value };
  Object.defineProperty(copy, key, { value: extra, enumerable: true, writable: true, configurable: true });
  return copy;
}

/** Invalid variants of a value of `schema`, built around valid ones so they get past the other checks. */
export function invalidValue(schema: JsonSchema, valid: fc.Arbitrary<Json>): fc.Arbitrary<Json> {
  const variants: fc.WeightedArbitrary<Json>[] = [
    // The whole value of the wrong type or hostile.
    { weight: 3, arbitrary: nastyValue },
    // One field, item or nested field somewhere inside replaced.
    {
      weight: 5,
      arbitrary: fc
        .tuple(valid, fc.nat(), nastyValue)
        .map(([value, n, replacement]) => replaceSlot(value, n, replacement)),
    },
  ];
  if (schema.type === 'object' || schema.properties) {
    variants.push(
      // A field missing (required ones included).
      { weight: 2, arbitrary: fc.tuple(valid, fc.nat()).map(([value, n]) => dropKey(value, n)) },
      // Fields the client may not set, and prototype keys.
      {
        weight: 3,
        arbitrary: fc
          .tuple(valid, fc.constantFrom(...EXTRA_KEYS), fc.oneof(privilegedValue, nastyValue))
          .map(([value, key, extra]) => withOwnKey(value, key, extra)),
      },
    );
  }
  return fc.oneof(...variants);
}

/** How a value travels in a query string or a path: as text. */
export function asText(value: Json): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}
