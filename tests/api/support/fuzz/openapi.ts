import type { JsonSchema } from './arbitraries.js';

/** The parts of an OpenAPI 3 document the fuzzer reads. */
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OperationObject>>;
}

interface OperationObject {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, ResponseObject>;
}

export interface ResponseObject {
  description?: string;
  content?: Record<string, { schema?: JsonSchema }>;
}

export interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Operation {
  /** `GET /api/shoes/{id}`: how failures and the summary name it. */
  name: string;
  method: Method;
  path: string;
  parameters: Parameter[];
  body?: { mediaType: string; schema: JsonSchema; required: boolean };
  responses: Record<string, ResponseObject>;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** Every documented operation, in the document's order. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const content = operation.requestBody?.content ?? {};
      const mediaType = Object.keys(content)[0];
      operations.push({
        name: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase() as Method,
        path,
        parameters: operation.parameters ?? [],
        body:
          mediaType !== undefined
            ? {
                mediaType,
                schema: content[mediaType]?.schema ?? {},
                required: operation.requestBody?.required ?? false,
              }
            : undefined,
        responses: operation.responses ?? {},
      });
    }
  }
  return operations;
}

/** Lone surrogates cannot be percent-encoded; a client would send U+FFFD in their place. */
const wellFormed = (value: string) => Buffer.from(value, 'utf8').toString('utf8');

/** The request URL: path parameters percent-encoded into the template, then the query string. */
export function urlOf(
  operation: Operation,
  pathValues: Record<string, string>,
  query: [string, string][],
): string {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(wellFormed(pathValues[name] ?? '')),
  );
  const search = new URLSearchParams(query.map(([key, value]) => [key, wellFormed(value)])).toString();
  return search ? `${path}?${search}` : path;
}
