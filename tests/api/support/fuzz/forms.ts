import fc from 'fast-check';
import {
  asText,
  EXTRA_KEYS,
  nastyString,
  privilegedValue,
  validValue,
  type Hints,
  type JsonSchema,
} from './arbitraries.js';

export interface FormFile {
  field: string;
  name: string;
  type: string;
  bytes: Buffer;
}

/** A multipart/form-data body: text fields and at most one file. */
export interface FormBody {
  fields: Record<string, string>;
  file?: FormFile;
}

/** Real images and hostile bytes the form's file field gets. */
export interface SampleFiles {
  png: Buffer;
  jpeg: Buffer;
}

const SVG_WITH_SCRIPT = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);
const HTML_PAGE = Buffer.from(
  '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>',
);
const PNG_SIGNATURE_THEN_GARBAGE = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('not really a png at all'),
]);
/** Over the 10 MB shoe limit (and the 5 MB avatar one): a 413. */
const OVERSIZED = Buffer.concat([PNG_SIGNATURE_THEN_GARBAGE, Buffer.alloc(10 * 1024 * 1024 + 1)]);

const FILE_NAMES = [
  'shoe.png',
  'photo.jpg',
  '../../etc/passwd',
  '..\\..\\evil.png',
  'évil "quoted"; name.png',
  '<script>alert(1)</script>.png',
  `${'x'.repeat(300)}.png`,
  'shell.php.png',
  '👟.webp',
  'noextension',
];

const FILE_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/svg+xml',
  'text/html',
  'application/octet-stream',
];

function fileOf(field: string, samples: SampleFiles): fc.Arbitrary<FormFile> {
  return fc.record({
    field: fc.oneof(
      { weight: 9, arbitrary: fc.constant(field) },
      { weight: 1, arbitrary: fc.constantFrom('file', 'images', '__proto__') },
    ),
    name: fc.constantFrom(...FILE_NAMES),
    type: fc.constantFrom(...FILE_TYPES),
    bytes: fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(samples.png, samples.jpeg) },
      {
        weight: 3,
        arbitrary: fc.uint8Array({ minLength: 1, maxLength: 4096 }).map((bytes) => Buffer.from(bytes)),
      },
      {
        weight: 2,
        arbitrary: fc.constantFrom(
          SVG_WITH_SCRIPT,
          HTML_PAGE,
          PNG_SIGNATURE_THEN_GARBAGE,
          samples.png.subarray(0, 64),
        ),
      },
      { weight: 1, arbitrary: fc.constant(OVERSIZED) },
    ),
  });
}

/**
 * Multipart forms for a documented `multipart/form-data` schema: text fields
 * (valid for the schema, hostile, missing or extra) and the binary property as
 * a file of real image bytes, random bytes, script-carrying SVG or HTML, or
 * more bytes than the limit.
 */
export function formOf(
  schema: JsonSchema,
  hints: Hints,
  samples: SampleFiles,
  validOnly = false,
): fc.Arbitrary<FormBody> {
  const properties = schema.properties ?? {};
  const fileKeys = Object.keys(properties).filter((key) => properties[key]!.format === 'binary');
  const textKeys = Object.keys(properties).filter((key) => !fileKeys.includes(key));
  const required = new Set(schema.required ?? []);
  const textField = (key: string) =>
    fc.oneof(
      { weight: 5, arbitrary: validValue(properties[key]!, hints, key).map(asText) },
      { weight: 1, arbitrary: nastyString },
    );
  const model = Object.fromEntries(textKeys.map((key) => [key, textField(key)]));
  const complete = fc.record(model, { requiredKeys: textKeys.filter((key) => required.has(key)) });
  const partial = fc.record(model, { requiredKeys: [] });
  const extras = fc.array(
    fc.tuple(fc.constantFrom(...EXTRA_KEYS), fc.oneof(privilegedValue.map(asText), nastyString)),
    { maxLength: 3 },
  );
  const fileField = fileKeys[0] ?? 'image';
  const fileRequired = fileKeys.some((key) => required.has(key));
  if (validOnly) {
    // Every field valid for its schema, and a real image.
    // A field with a hint takes the hint's values only: a form that must succeed now and then has
    // fields no schema can state (Create Shoes' size grid is JSON text, its compare-at price must be
    // above the price), and each of them generated from its schema alone would make nearly every try a 400.
    const validFields = fc.record(
      Object.fromEntries(
        textKeys.map((key) => [
          key,
          (hints(key, properties[key]!) ?? validValue(properties[key]!, hints, key)).map(asText),
        ]),
      ),
      { requiredKeys: textKeys.filter((key) => required.has(key)) },
    );
    const image = fc.record({
      field: fc.constant(fileField),
      name: fc.constantFrom('shoe.png', 'photo.jpg'),
      type: fc.constantFrom('image/png', 'image/jpeg'),
      bytes: fc.constantFrom(samples.png, samples.jpeg),
    });
    return fc.record({
      fields: validFields as fc.Arbitrary<Record<string, string>>,
      file: fileRequired ? image : fc.option(image, { nil: undefined }),
    });
  }
  return fc
    .record({
      fields: fc.oneof({ weight: 4, arbitrary: complete }, { weight: 1, arbitrary: partial }),
      extras: fc.oneof({ weight: 4, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: extras }),
      file: fc.option(fileOf(fileField, samples), { nil: undefined, freq: fileRequired ? 8 : 3 }),
    })
    .map(({ fields, extras: extra, file }) => {
      const all: Record<string, string> = { ...(fields as Record<string, string>) };
      for (const [key, value] of extra) {
        // A form may name a field `__proto__` too; it must travel as a field, not as a prototype.
        Object.defineProperty(all, key, { value, enumerable: true, writable: true, configurable: true });
      }
      return { fields: all, file };
    });
}
