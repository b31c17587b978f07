import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { Operation, ResponseObject } from './openapi.js';

// ajv-formats is CommonJS: its default export arrives wrapped under ESM interop.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

export interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

/**
 * Checks an answer against the operation's declared responses: the status
 * must be declared, and the body must match the schema of its media type.
 * Returns the problems found (empty when the answer conforms).
 */
export function createResponseChecker() {
  // OpenAPI 3.0 schemas: `nullable` is understood by Ajv; unknown keywords (`example`...) are ignored.
  const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true });
  addFormats(ajv);
  const validators = new Map<string, ValidateFunction>();

  function validatorFor(key: string, schema: object): ValidateFunction {
    let validate = validators.get(key);
    if (!validate) {
      validate = ajv.compile(schema);
      validators.set(key, validate);
    }
    return validate;
  }

  return function check(operation: Operation, answer: Answer): string[] {
    const status = String(answer.statusCode);
    const declared: ResponseObject | undefined =
      operation.responses[status] ?? operation.responses[`${status[0]}XX`] ?? operation.responses.default;
    if (!declared) {
      return [
        `status ${status} is not declared for ${operation.name} (declared: ${Object.keys(operation.responses).join(', ')})`,
      ];
    }
    if (answer.statusCode === 204 || answer.statusCode === 304) {
      return answer.body.length === 0 ? [] : [`a ${status} answer carries a body`];
    }
    const contentType = String(answer.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim()
      .toLowerCase();
    if (!declared.content) {
      return answer.body.length === 0
        ? []
        : [`the ${status} answer has a ${contentType} body, but the document declares no content for it`];
    }
    const media = declared.content[contentType];
    if (!media) {
      return [
        `the ${status} answer is ${contentType || 'without a content type'}; declared: ${Object.keys(declared.content).join(', ')}`,
      ];
    }
    if (!media.schema) return [];
    let value: unknown = answer.body;
    if (contentType === 'application/json' || contentType.endsWith('+json')) {
      try {
        value = JSON.parse(answer.body);
      } catch {
        return [`the ${status} answer is not JSON: ${answer.body.slice(0, 200)}`];
      }
    }
    const validate = validatorFor(`${operation.name}|${status}|${contentType}`, media.schema);
    if (validate(value)) return [];
    const errors = (validate.errors ?? [])
      .map((error) => `${error.instancePath || '(root)'} ${error.message ?? 'is invalid'}`)
      .join('; ');
    return [
      `the ${status} answer does not match its declared schema: ${errors}; body: ${answer.body.slice(0, 300)}`,
    ];
  };
}
