import crypto from 'node:crypto';
import http from 'node:http';

export interface StandInRequest {
  path: string;
  idempotencyKey: string | undefined;
  form: URLSearchParams;
}

/**
 * A local HTTP stand-in for the few Stripe API calls the shop makes: it
 * confirms PaymentIntents by payment method (Stripe's test method names:
 * pm_card_visa succeeds, pm_card_chargeDeclined is declined), replays answers
 * by Idempotency-Key as Stripe does, and records refunds.
 */
export async function startStripeStandIn() {
  const requests: StandInRequest[] = [];
  const replies = new Map<string, { status: number; body: unknown }>();
  let intents = 0;

  function answer(path: string, form: URLSearchParams): { status: number; body: unknown } {
    if (path === '/v1/payment_intents') {
      if (form.get('payment_method') === 'pm_card_chargeDeclined') {
        return {
          status: 402,
          body: {
            error: {
              type: 'card_error',
              code: 'card_declined',
              decline_code: 'generic_decline',
              message: 'Your card was declined.',
            },
          },
        };
      }
      intents += 1;
      return {
        status: 200,
        body: {
          id: `pi_standin_${crypto.randomBytes(6).toString('hex')}`,
          object: 'payment_intent',
          amount: Number(form.get('amount')),
          currency: form.get('currency'),
          status: 'succeeded',
        },
      };
    }
    if (path === '/v1/refunds') {
      return {
        status: 200,
        body: { id: `re_${crypto.randomBytes(6).toString('hex')}`, object: 'refund', status: 'succeeded' },
      };
    }
    return {
      status: 404,
      body: { error: { type: 'invalid_request_error', message: `No such route ${path}` } },
    };
  }

  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const path = (request.url ?? '').split('?')[0]!;
      const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
      const form = new URLSearchParams(raw);
      requests.push({ path, idempotencyKey, form });
      const replyKey = idempotencyKey ? `${path}|${idempotencyKey}` : undefined;
      const reply = (replyKey && replies.get(replyKey)) || answer(path, form);
      if (replyKey) replies.set(replyKey, reply);
      response.writeHead(reply.status, { 'content-type': 'application/json', 'request-id': 'req_standin' });
      response.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    intentsCreated: () => intents,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
