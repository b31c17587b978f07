import '@fastify/multipart';
import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifyRequest } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { HttpError } from './errors.js';
import { NUL_MESSAGE } from './nul-characters.js';

const TOO_MANY_PARTS = "Send one image and the form's fields only";

export interface MultipartForm {
  fields: Record<string, string>;
  /** The bytes of the one file field, when the form sent one (an empty file counts as none). */
  file?: { field: string; bytes: Buffer };
  /** Every file, with the name it was uploaded under (forms that take several: the catalogue import). */
  files: { field: string; name: string; bytes: Buffer }[];
}

interface ReadOptions {
  maxFileBytes: number;
  /** Answer of a file over the limit (413). */
  tooLargeMessage: string;
  /** Files the form may send (1 unless said). */
  maxFiles?: number;
}

/**
 * Reads a whole multipart form into memory: text fields as strings, one file
 * as bytes. The stream is always drained, so a refused upload never leaves the
 * connection hanging; a file over the limit is a 413, never a truncated image.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  options: ReadOptions,
): Promise<MultipartForm> {
  if (!request.isMultipart()) {
    throw new HttpError(415, 'unsupported_media_type', 'Send the form as multipart/form-data');
  }
  const fields: Record<string, string> = {};
  let file: MultipartForm['file'];
  const files: MultipartForm['files'] = [];
  let tooLarge = false;
  let nulField: string | undefined;
  try {
    for await (const part of request.parts({
      limits: { fileSize: options.maxFileBytes, files: options.maxFiles ?? 1 },
    })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        // PostgreSQL text cannot hold U+0000 (see nul-characters.ts).
        if (typeof part.value === 'string' && part.value.includes('\u0000')) nulField ??= part.fieldname;
        continue;
      }
      const bytes = await part.toBuffer();
      if (part.file.truncated) tooLarge = true;
      else if (bytes.length > 0) {
        file ??= { field: part.fieldname, bytes };
        files.push({ field: part.fieldname, name: part.filename, bytes });
      }
    }
  } catch (error) {
    if (isFileTooLarge(error)) tooLarge = true;
    else if (isMultipartLimit(error)) throw new HttpError(400, 'bad_request', TOO_MANY_PARTS);
    else throw new HttpError(400, 'bad_request', 'The form could not be read');
  }
  if (tooLarge) throw new HttpError(413, 'payload_too_large', options.tooLargeMessage);
  if (nulField !== undefined)
    throw new HttpError(400, 'validation', NUL_MESSAGE, { [nulField]: NUL_MESSAGE });
  return { fields, file, files };
}

/**
 * Route config `swaggerTransform` that documents a multipart form as the route's
 * `multipart/form-data` request body. The form cannot be the route's `schema.body`:
 * @fastify/multipart leaves `request.body` empty, so Fastify would refuse every upload.
 * This puts it in the OpenAPI document only; `readMultipartForm` + `parseWith` validate.
 */
export function documentMultipartForm(form: z.ZodObject): SwaggerTransform {
  return (document) => jsonSchemaTransform({ ...document, schema: { ...document.schema, body: form } });
}

function codeOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}

function isFileTooLarge(error: unknown): boolean {
  return codeOf(error) === 'FST_REQ_FILE_TOO_LARGE';
}

/** Too many files, fields or parts: the form is not one of ours. */
function isMultipartLimit(error: unknown): boolean {
  const code = codeOf(error);
  return code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT';
}
