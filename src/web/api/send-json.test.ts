import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { MESSAGES } from '../../domain/messages';
import { ApiError, lazySchema, sendJson } from './http';

const answerSchema = z.object({ message: z.string() });

function answering(response: Response) {
  const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function sentHeaders(fetchMock: ReturnType<typeof answering>): Record<string, string> {
  return fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

// Checkout and refunds send an Idempotency-Key through sendJson; the refund form reads status 0
// as "outcome unknown", so these are the contract those callers rely on.
describe('sendJson', () => {
  it('sends the extra headers alongside the JSON ones, and the body as JSON', async () => {
    const fetchMock = answering(Response.json({ message: 'Refunded' }));
    const answer = await sendJson('POST', '/api/x', { pairs: 1 }, answerSchema, {
      headers: { 'Idempotency-Key': 'key-1' },
    });
    expect(answer).toEqual({ message: 'Refunded' });
    expect(sentHeaders(fetchMock)).toEqual({
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'Idempotency-Key': 'key-1',
    });
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe('{"pairs":1}');
  });

  it('sends only the JSON headers when none are given', async () => {
    const fetchMock = answering(Response.json({ message: 'ok' }));
    await sendJson('PUT', '/api/x', undefined, answerSchema);
    expect(sentHeaders(fetchMock)).toEqual({
      'Content-Type': 'application/json',
      Accept: 'application/json',
    });
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe('{}');
  });

  it('reads a 204 as null, as it has no body to parse', async () => {
    answering(new Response(null, { status: 204 }));
    await expect(sendJson('DELETE', '/api/x', undefined, z.null())).resolves.toBeNull();
  });

  it('throws status 0 when no answer came', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch')));
    const failure = await sendJson('POST', '/api/x', {}, answerSchema).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 0, code: 'network', message: MESSAGES.common.somethingWrong });
  });

  it("throws the server's status, code and message for a refusal", async () => {
    answering(
      Response.json({ error: { code: 'idempotency_conflict', message: 'Another refund' } }, { status: 409 }),
    );
    const failure = await sendJson('POST', '/api/x', {}, answerSchema).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 409, code: 'idempotency_conflict', message: 'Another refund' });
  });

  it('refuses an answer its schema does not describe', async () => {
    answering(Response.json({ unexpected: true }));
    await expect(sendJson('POST', '/api/x', {}, answerSchema)).rejects.toThrow(z.ZodError);
  });

  // A page without Zod (the shoe page) writes with a schema loaded on demand (read-schemas.ts).
  it('checks the answer against a lazy schema, loaded while the request is under way', async () => {
    answering(Response.json({ message: 'Added to favorites' }));
    await expect(
      sendJson(
        'POST',
        '/api/x',
        {},
        lazySchema((schemas) => schemas.message),
      ),
    ).resolves.toEqual({
      message: 'Added to favorites',
    });
    answering(Response.json({ unexpected: true }));
    await expect(
      sendJson(
        'POST',
        '/api/x',
        {},
        lazySchema((schemas) => schemas.message),
      ),
    ).rejects.toThrow(z.ZodError);
  });

  it('gives a made write its answer when the lazy schema cannot load', async () => {
    answering(Response.json({ message: 'Added to favorites' }));
    const unloadable = () => Promise.reject(new Error('chunk failed to load'));
    await expect(sendJson('POST', '/api/x', {}, unloadable)).resolves.toEqual({
      message: 'Added to favorites',
    });
  });

  it("gives the server's refusal, not the lazy schema's failure to load, when both fail", async () => {
    answering(Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 }));
    const unloadable = () => Promise.reject(new Error('chunk failed to load'));
    const failure = await sendJson('DELETE', '/api/x', {}, unloadable).catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 404, message: 'Not found' });
  });
});
