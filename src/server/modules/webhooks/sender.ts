import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Webhook } from 'standardwebhooks';
import type { AddressGuard } from './address-guard.js';
import { RefusedAddress } from './address-guard.js';

/** What one attempt came to: delivered on a 2xx, otherwise why not. */
export interface AttemptResult {
  ok: boolean;
  status: number | null;
  error: string | null;
  /** The start of the answer's body, at most 1 kB. */
  excerpt: string | null;
  durationMs: number;
}

const EXCERPT_BYTES = 1024;

/**
 * One signed POST (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature). The host is
 * checked again at every attempt and the connection goes to the address checked (a `lookup` that
 * answers it), so a name that resolves elsewhere now cannot move the request. Redirects are not
 * followed: a 3xx is a failed attempt. The whole attempt, answer included, has `timeoutMs`.
 */
export function createSender(deps: { guard: AddressGuard; timeoutMs: number; userAgent: string }) {
  const { guard, timeoutMs, userAgent } = deps;

  return async function send(target: {
    url: string;
    secret: string;
    eventId: string;
    body: string;
  }): Promise<AttemptResult> {
    const started = Date.now();
    const done = (result: Omit<AttemptResult, 'durationMs'>): AttemptResult => ({
      ...result,
      durationMs: Date.now() - started,
    });
    let pinned;
    try {
      pinned = await guard.check(target.url);
    } catch (error) {
      if (error instanceof RefusedAddress)
        return done({ ok: false, status: null, error: error.message, excerpt: null });
      throw error;
    }
    const timestamp = new Date();
    const signature = new Webhook(target.secret).sign(target.eventId, timestamp, target.body);
    const lookup: LookupFunction = (_hostname, options, callback) => {
      if ((options as { all?: boolean }).all)
        (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
          { address: pinned.address, family: pinned.family },
        ]);
      else callback(null, pinned.address, pinned.family);
    };
    const client = pinned.url.protocol === 'https:' ? https : http;
    return new Promise<AttemptResult>((resolve) => {
      let settled = false;
      const finish = (result: Omit<AttemptResult, 'durationMs'>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(done(result));
      };
      const request = client.request(
        pinned.url,
        {
          method: 'POST',
          lookup,
          agent: false,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(target.body),
            'user-agent': userAgent,
            'webhook-id': target.eventId,
            'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
            'webhook-signature': signature,
          },
        },
        (response) => {
          const status = response.statusCode ?? 0;
          const chunks: Buffer[] = [];
          let kept = 0;
          response.on('data', (chunk: Buffer) => {
            if (kept < EXCERPT_BYTES) {
              chunks.push(chunk);
              kept += chunk.length;
            }
          });
          response.on('end', () => {
            const excerpt = Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8');
            const ok = status >= 200 && status < 300;
            const error = ok
              ? null
              : status >= 300 && status < 400
                ? `Answered ${status} (a redirect to ${response.headers.location ?? 'nowhere'}): redirects are not followed.`
                : `Answered ${status}.`;
            finish({ ok, status, error, excerpt: excerpt || null });
          });
          response.on('error', (error) => finish({ ok: false, status, error: error.message, excerpt: null }));
        },
      );
      const timer = setTimeout(() => {
        finish({ ok: false, status: null, error: `No answer within ${timeoutMs} ms.`, excerpt: null });
        request.destroy();
      }, timeoutMs);
      request.on('error', (error) =>
        finish({ ok: false, status: null, error: error.message, excerpt: null }),
      );
      request.end(target.body);
    });
  };
}

export type Sender = ReturnType<typeof createSender>;
