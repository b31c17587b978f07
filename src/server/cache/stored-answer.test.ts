import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { acceptedEncoding, sendStoredAnswer, type StoredAnswer } from './stored-answer.js';

function fakeReply() {
  const sent: { status: number; headers: Record<string, string>; body: unknown } = {
    status: 200,
    headers: {},
    body: undefined,
  };
  const reply = {
    status: (code: number) => ((sent.status = code), reply),
    header: (name: string, value: string) => ((sent.headers[name] = value), reply),
    getHeader: (name: string) => sent.headers[name],
    send: (body?: unknown) => ((sent.body = body), reply),
  };
  return { reply: reply as unknown as FastifyReply, sent };
}
const request = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;

describe('a stored answer', () => {
  const text = JSON.stringify(Array.from({ length: 100 }, (_, i) => ({ name: `Shoe ${i}`, price: i })));

  it('is compressed once per encoding and sent with its ETag', () => {
    const answer: StoredAnswer = { text };
    const first = fakeReply();
    sendStoredAnswer(request({ 'accept-encoding': 'gzip, deflate, br' }), first.reply, answer);
    expect(first.sent.headers['content-encoding']).toBe('br');
    expect(first.sent.headers.vary).toBe('accept-encoding');
    expect(zlib.brotliDecompressSync(first.sent.body as Buffer).toString()).toBe(text);
    const copy = answer.encoded?.br;
    const second = fakeReply();
    sendStoredAnswer(request({ 'accept-encoding': 'br' }), second.reply, answer);
    // The very same buffer: not compressed again.
    expect(second.sent.body).toBe(copy);
    expect(second.sent.headers.etag).toBe(first.sent.headers.etag);
    expect(first.sent.headers.etag).toMatch(/^W\/".+"$/);

    const gzip = fakeReply();
    sendStoredAnswer(request({ 'accept-encoding': 'gzip' }), gzip.reply, answer);
    expect(zlib.gunzipSync(gzip.sent.body as Buffer).toString()).toBe(text);
    const plain = fakeReply();
    sendStoredAnswer(request({}), plain.reply, answer);
    // The text's bytes, encoded once and sent as they are every time after.
    expect((plain.sent.body as Buffer).toString('utf8')).toBe(text);
    const plainAgain = fakeReply();
    sendStoredAnswer(request({}), plainAgain.reply, answer);
    expect(plainAgain.sent.body).toBe(plain.sent.body);
    expect(plain.sent.headers['content-encoding']).toBeUndefined();
  });

  it('answers 304 to a browser that holds it, and gives no ETag to an error page', () => {
    const answer: StoredAnswer = { text };
    const first = fakeReply();
    sendStoredAnswer(request({}), first.reply, answer);
    const again = fakeReply();
    sendStoredAnswer(request({ 'if-none-match': first.sent.headers.etag! }), again.reply, answer);
    expect(again.sent).toMatchObject({ status: 304, body: undefined });
    const missing = fakeReply();
    sendStoredAnswer(request({}), missing.reply, { text: 'Page not found' }, { status: 404 });
    expect(missing.sent).toMatchObject({ status: 404, headers: {} });
    expect(String(missing.sent.body)).toBe('Page not found');
  });

  it('names Accept-Encoding in Vary beside what is there, on a 304 too, and honours X-No-Compression', () => {
    const answer: StoredAnswer = { text };
    const first = fakeReply();
    first.reply.header('vary', 'origin');
    sendStoredAnswer(request({ 'accept-encoding': 'br' }), first.reply, answer);
    expect(first.sent.headers.vary).toBe('origin, accept-encoding');
    const again = fakeReply();
    sendStoredAnswer(request({ 'if-none-match': first.sent.headers.etag! }), again.reply, answer);
    expect(again.sent.headers.vary).toBe('accept-encoding');
    const plain = fakeReply();
    sendStoredAnswer(request({ 'accept-encoding': 'br', 'x-no-compression': '' }), plain.reply, answer);
    // The text's bytes, encoded once and sent as they are every time after.
    expect((plain.sent.body as Buffer).toString('utf8')).toBe(text);
    const plainAgain = fakeReply();
    sendStoredAnswer(request({}), plainAgain.reply, answer);
    expect(plainAgain.sent.body).toBe(plain.sent.body);
  });

  it('chooses what Accept-Encoding prefers, and nothing it refuses', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip;q=1.0, br;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip')).toBe('gzip');
    expect(acceptedEncoding('*')).toBe('gzip');
    expect(acceptedEncoding('x-gzip')).toBe('gzip');
    expect(acceptedEncoding('identity')).toBeUndefined();
    expect(acceptedEncoding('br;q=0, gzip;q=0')).toBeUndefined();
    expect(acceptedEncoding(undefined)).toBeUndefined();
  });
});
