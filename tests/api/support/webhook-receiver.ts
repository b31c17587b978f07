import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One request a receiver got, and whether its signature verified with the secret it was told. */
export interface Received {
  id: string;
  timestamp: string;
  type: string;
  body: { type: string; timestamp: string; data: Record<string, unknown> };
  verified: boolean;
}

/** What to do with a request: answer this status, or never answer ('hang'). */
export type Answer = number | 'hang';

/**
 * A webhook receiver on 127.0.0.1 (tests allow it with WEBHOOK_ALLOWED_HOSTS), verifying each request
 * with standardwebhooks' Webhook.verify. `answer` decides each reply; `next` resolves when a request
 * matching the test arrives (event-driven, no polling).
 */
export async function startReceiver(answer: (request: Received, index: number) => Answer = () => 200) {
  let secret = '';
  const received: Received[] = [];
  const waiting: { match: (request: Received) => boolean; resolve: (request: Received) => void }[] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const headers = {
        'webhook-id': String(request.headers['webhook-id']),
        'webhook-timestamp': String(request.headers['webhook-timestamp']),
        'webhook-signature': String(request.headers['webhook-signature']),
      };
      let verified: boolean;
      try {
        new Webhook(secret).verify(raw, headers);
        verified = true;
      } catch {
        verified = false;
      }
      const body = JSON.parse(raw) as Received['body'];
      const entry: Received = {
        id: headers['webhook-id'],
        timestamp: headers['webhook-timestamp'],
        type: body.type,
        body,
        verified,
      };
      const reply = answer(entry, received.length);
      received.push(entry);
      for (const waiter of [...waiting])
        if (waiter.match(entry)) {
          waiting.splice(waiting.indexOf(waiter), 1);
          waiter.resolve(entry);
        }
      if (reply === 'hang') hanging.add(response);
      else response.writeHead(reply, { 'content-type': 'text/plain' }).end(`answered ${reply}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    /** The secret the shop answered when the endpoint was created. */
    useSecret(value: string) {
      secret = value;
    },
    next(match: (request: Received) => boolean): Promise<Received> {
      const found = received.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiting.push({ match, resolve }));
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
