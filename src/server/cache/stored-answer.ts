import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Below this an answer goes as it is (as @fastify/compress's threshold, plugins/compression.ts). */
const COMPRESS_FROM_BYTES = 1024;
type Encoding = 'br' | 'gzip';

/**
 * A cached answer's bytes with what every request for them needs, worked out once per entry
 * instead of once per request: its ETag, its UTF-8 bytes, and its brotli and gzip copies, each made
 * the first time a request needs it (at @fastify/compress's settings).
 */
export interface StoredAnswer {
  text: string;
  etag?: string;
  /**
   * The text as UTF-8, encoded once: a string sent as it is is measured (Content-Length) and
   * encoded again by Node on every request, a third of a cached page's CPU (docs/performance.md).
   */
  bytes?: Buffer;
  encoded?: Partial<Record<Encoding, Buffer>>;
}

const etagOf = (bytes: Buffer) => `W/"${crypto.createHash('sha1').update(bytes).digest('base64')}"`;

/** The UTF-8 bytes, made once: the ETag, the plain answer and the compressed copies are all made from them. */
const bytesOf = (answer: StoredAnswer) => (answer.bytes ??= Buffer.from(answer.text, 'utf8'));

const ENCODERS: Record<Encoding, (bytes: Buffer) => Buffer> = {
  br: (bytes) =>
    zlib.brotliCompressSync(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
      },
    }),
  gzip: (bytes) => zlib.gzipSync(bytes),
};

/**
 * brotli or gzip, whichever `Accept-Encoding` prefers (brotli on a tie); none when it accepts
 * neither. Negotiated as @fastify/compress does, with the same library: `*` and `x-gzip` count as
 * gzip.
 */
export function acceptedEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const accepted = header.toLowerCase().replace(/\*|x-gzip/g, 'gzip');
  return (negotiate(accepted, ['br', 'gzip']) as Encoding | null) ?? undefined;
}

/**
 * Sends a stored answer: its ETag (a `304 Not Modified` when the browser holds it already), and the
 * compressed copy the request accepts. A `Content-Encoding` set here tells @fastify/compress the
 * work is done; an ETag set here spares @fastify/etag its hashing.
 */
export function sendStoredAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: StoredAnswer,
  { status = 200 }: { status?: number } = {},
): FastifyReply {
  reply.status(status);
  const compressible = answer.text.length >= COMPRESS_FROM_BYTES;
  // Before the 304 too: it names what the 200 would vary on.
  if (compressible) addVary(reply, 'accept-encoding');
  if (status === 200) {
    answer.etag ??= etagOf(bytesOf(answer));
    reply.header('etag', answer.etag);
    if (request.headers['if-none-match'] === answer.etag) return reply.status(304).send();
  }
  // `X-No-Compression` asks for the bytes as they are, as @fastify/compress allows.
  const encoding =
    compressible && request.headers['x-no-compression'] === undefined
      ? acceptedEncoding(request.headers['accept-encoding'])
      : undefined;
  if (!encoding) return reply.send(bytesOf(answer));
  const encoded = (answer.encoded ??= {});
  const bytes = (encoded[encoding] ??= ENCODERS[encoding](bytesOf(answer)));
  return reply.header('content-encoding', encoding).send(bytes);
}

/** Adds `field` to the answer's `Vary`, keeping what another part of the app put there. */
function addVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader('vary');
  if (current === undefined) reply.header('vary', field);
  else if (
    !String(current)
      .toLowerCase()
      .split(/\s*,\s*/)
      .includes(field)
  )
    reply.header('vary', `${String(current)}, ${field}`);
}
