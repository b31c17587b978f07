// One file because it is one stand-in for one API: the PaymentIntents, refunds, idempotency layer and
// injected faults all act on the same ledger of intents that the tests read.
import crypto from 'node:crypto';
import http from 'node:http';

export interface StandInRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  form: URLSearchParams;
}

/** The API calls the shop makes, by name. */
export type StandInOperation = 'create' | 'confirm' | 'cancel' | 'retrieve' | 'refund';

/**
 * What can go wrong between the shop and Stripe:
 * - `timeout`: the request is held longer than the client waits, and never executed;
 * - `server-error`: a 500 before the API executed anything (nothing stored for the key);
 * - `late-success`: executed (and its answer stored for the key), but answered only after the
 *   client gave up — "success after the client gave up";
 * - `success-then-500`: executed, then a 500 that Stripe stores and replays for the key
 *   ("including 500 errors", Stripe's idempotency docs): the answer never says what happened;
 * - `reset`: the connection is dropped before anything was executed.
 */
export type StandInFault = 'timeout' | 'server-error' | 'late-success' | 'success-then-500' | 'reset';

export interface StandInIntent {
  id: string;
  amount: number;
  currency: string;
  paymentMethod: string;
  status: 'requires_confirmation' | 'requires_payment_method' | 'succeeded' | 'canceled';
  refunded: boolean;
  /** Cents refunded so far. */
  amountRefunded: number;
  metadata: Record<string, string>;
  /** The `shipping` it was created with (name, phone, address: line1, city, state...), as Stripe keeps it. */
  shipping: StandInShipping | null;
}

export interface StandInShipping {
  name?: string;
  phone?: string;
  address?: Record<string, string>;
}

/** `shipping[name]`, `shipping[address][line1]`... of a form-encoded request, as one object. */
function shippingOf(form: URLSearchParams): StandInShipping | null {
  let shipping: StandInShipping | null = null;
  for (const [name, value] of form) {
    const match = /^shipping\[(\w+)\](?:\[(\w+)\])?$/.exec(name);
    if (!match) continue;
    shipping ??= {};
    const [, field, part] = match;
    if (field === 'address' && part) shipping.address = { ...shipping.address, [part]: value };
    else if (field === 'name' || field === 'phone') shipping[field] = value;
  }
  return shipping;
}

interface Reply {
  status: number;
  body: unknown;
}

const stripeError = (status: number, error: Record<string, unknown>): Reply => ({ status, body: { error } });

/**
 * A local HTTP stand-in for the Stripe API calls the shop makes: PaymentIntents
 * (create, confirm, cancel, retrieve) and refunds, with a ledger of every
 * intent. Payment methods use Stripe's test names: `pm_card_visa...` succeeds,
 * `pm_card_chargeDeclined` is declined.
 *
 * Idempotency as Stripe does it: the first result of a request that started
 * executing is stored under its Idempotency-Key and replayed for the same key
 * (same PaymentIntent, no second charge), including a stored 500; the same
 * key with other parameters is a 400 idempotency_error; a request that failed
 * before executing stores nothing.
 *
 * Faults are injected per operation with `inject()`.
 */
export async function startStripeStandIn() {
  const requests: StandInRequest[] = [];
  const stored = new Map<string, { fingerprint: string; reply: Reply }>();
  const intents = new Map<string, StandInIntent>();
  /** Every refund the stand-in made (a replayed request makes none). */
  const refundsMade: { id: string; paymentIntent: string; amount: number }[] = [];
  const faults: { fault: StandInFault; on: Set<StandInOperation>; times: number; holdMs: number }[] = [];
  const injected: { fault: StandInFault; operation: StandInOperation }[] = [];
  const held = new Set<NodeJS.Timeout>();
  let created = 0;

  const view = (intent: StandInIntent) => ({
    id: intent.id,
    object: 'payment_intent',
    amount: intent.amount,
    currency: intent.currency,
    payment_method: intent.paymentMethod,
    status: intent.status,
    metadata: intent.metadata,
    shipping: intent.shipping,
  });
  const unexpectedState = (intent: StandInIntent, action: string) =>
    stripeError(400, {
      type: 'invalid_request_error',
      code: 'payment_intent_unexpected_state',
      message: `You cannot ${action} this PaymentIntent because it has a status of ${intent.status}.`,
      payment_intent: view(intent),
    });
  const missing = (id: string) =>
    stripeError(404, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such payment_intent: '${id}'`,
    });

  /**
   * The charge of a confirmed intent, as `expand[]=latest_charge` answers it: Stripe's test Visa
   * (`pm_card_visa...`) shows 4242, any other test card 4444 (Mastercard's).
   */
  const last4Of = (paymentMethod: string) => (paymentMethod.startsWith('pm_card_visa') ? '4242' : '4444');
  const charged = (intent: StandInIntent, form?: URLSearchParams) =>
    form?.getAll('expand[0]').includes('latest_charge')
      ? {
          ...view(intent),
          latest_charge: {
            id: `ch_${intent.id.slice(3)}`,
            object: 'charge',
            payment_method_details: { type: 'card', card: { last4: last4Of(intent.paymentMethod) } },
          },
        }
      : view(intent);

  function confirm(intent: StandInIntent, form?: URLSearchParams): Reply {
    if (intent.status !== 'requires_confirmation' && intent.status !== 'requires_payment_method') {
      return unexpectedState(intent, 'confirm');
    }
    if (intent.paymentMethod === 'pm_card_chargeDeclined') {
      intent.status = 'requires_payment_method';
      return stripeError(402, {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
        payment_intent: view(intent),
      });
    }
    intent.status = 'succeeded';
    return { status: 200, body: charged(intent, form) };
  }

  function operationOf(method: string, path: string): StandInOperation | undefined {
    if (method === 'POST' && path === '/v1/payment_intents') return 'create';
    if (method === 'POST' && /^\/v1\/payment_intents\/[^/]+\/confirm$/.test(path)) return 'confirm';
    if (method === 'POST' && /^\/v1\/payment_intents\/[^/]+\/cancel$/.test(path)) return 'cancel';
    if (method === 'GET' && /^\/v1\/payment_intents\/[^/]+$/.test(path)) return 'retrieve';
    if (method === 'POST' && path === '/v1/refunds') return 'refund';
    return undefined;
  }

  function execute(operation: StandInOperation | undefined, path: string, form: URLSearchParams): Reply {
    const id = path.split('/')[3] ?? '';
    switch (operation) {
      case 'create': {
        const paymentMethod = form.get('payment_method') ?? '';
        if (!paymentMethod.startsWith('pm_')) {
          return stripeError(400, {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such PaymentMethod: '${paymentMethod}'`,
          });
        }
        const metadata: Record<string, string> = {};
        for (const [name, value] of form) {
          const match = /^metadata\[(.+)\]$/.exec(name);
          if (match) metadata[match[1]!] = value;
        }
        const intent: StandInIntent = {
          id: `pi_standin_${crypto.randomBytes(8).toString('hex')}`,
          amount: Number(form.get('amount')),
          currency: form.get('currency') ?? 'usd',
          paymentMethod,
          status: 'requires_confirmation',
          refunded: false,
          amountRefunded: 0,
          metadata,
          shipping: shippingOf(form),
        };
        intents.set(intent.id, intent);
        created += 1;
        if (form.get('confirm') === 'true') return confirm(intent);
        return { status: 200, body: view(intent) };
      }
      case 'confirm': {
        const intent = intents.get(id);
        return intent ? confirm(intent, form) : missing(id);
      }
      case 'cancel': {
        const intent = intents.get(id);
        if (!intent) return missing(id);
        if (intent.status === 'succeeded' || intent.status === 'canceled') {
          return unexpectedState(intent, 'cancel');
        }
        intent.status = 'canceled';
        return { status: 200, body: view(intent) };
      }
      case 'retrieve': {
        const intent = intents.get(id);
        return intent ? { status: 200, body: view(intent) } : missing(id);
      }
      case 'refund': {
        const intentId = form.get('payment_intent') ?? '';
        const intent = intents.get(intentId);
        if (!intent) return missing(intentId);
        if (intent.status !== 'succeeded') return unexpectedState(intent, 'refund');
        if (intent.refunded) {
          return stripeError(400, {
            type: 'invalid_request_error',
            code: 'charge_already_refunded',
            message: `Charge for ${intentId} has already been refunded.`,
          });
        }
        // Without an amount, whatever is left; with one, part of it (never more than is left).
        const left = intent.amount - intent.amountRefunded;
        const amount = form.has('amount') ? Number(form.get('amount')) : left;
        if (amount > left) {
          return stripeError(400, {
            type: 'invalid_request_error',
            code: 'amount_too_large',
            message: `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
          });
        }
        intent.amountRefunded += amount;
        intent.refunded = intent.amountRefunded >= intent.amount;
        const metadata: Record<string, string> = {};
        for (const [name, value] of form) {
          const match = /^metadata\[(.+)\]$/.exec(name);
          if (match) metadata[match[1]!] = value;
        }
        const refund = { id: `re_${crypto.randomBytes(6).toString('hex')}`, paymentIntent: intentId, amount };
        refundsMade.push(refund);
        return {
          status: 200,
          body: {
            id: refund.id,
            object: 'refund',
            status: 'succeeded',
            amount,
            metadata,
          },
        };
      }
      default:
        return stripeError(404, { type: 'invalid_request_error', message: `No such route ${path}` });
    }
  }

  /** Runs a request through Stripe's idempotency layer. */
  function executeOnce(
    operation: StandInOperation | undefined,
    method: string,
    path: string,
    raw: string,
    key: string | undefined,
    override?: Reply,
  ): Reply & { replayed?: boolean } {
    const fingerprint = `${method} ${path} ${raw}`;
    if (key) {
      const earlier = stored.get(key);
      if (earlier && earlier.fingerprint !== fingerprint) {
        return stripeError(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with.`,
        });
      }
      if (earlier) return { ...earlier.reply, replayed: true };
    }
    const executed = execute(operation, path, new URLSearchParams(raw));
    const reply = override ?? executed;
    if (key && method === 'POST') stored.set(key, { fingerprint, reply });
    return reply;
  }

  function nextFault(operation: StandInOperation | undefined) {
    if (!operation) return undefined;
    const rule = faults.find((candidate) => candidate.times > 0 && candidate.on.has(operation));
    if (!rule) return undefined;
    rule.times -= 1;
    injected.push({ fault: rule.fault, operation });
    return rule;
  }

  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const method = request.method ?? 'GET';
      const path = (request.url ?? '').split('?')[0]!;
      const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
      requests.push({ method, path, idempotencyKey, form: new URLSearchParams(raw) });
      const operation = operationOf(method, path);
      const send = (reply: Reply & { replayed?: boolean }) => {
        if (response.destroyed) return;
        response.writeHead(reply.status, {
          'content-type': 'application/json',
          'request-id': `req_standin_${requests.length}`,
          ...(reply.replayed ? { 'idempotent-replayed': 'true' } : {}),
          // As Stripe does for a replayed 500: retrying the same key would only replay it.
          ...(reply.status >= 500 && reply.replayed ? { 'stripe-should-retry': 'false' } : {}),
        });
        response.end(JSON.stringify(reply.body));
      };
      const hold = (ms: number, then: () => void) => {
        const timer = setTimeout(() => {
          held.delete(timer);
          then();
        }, ms);
        held.add(timer);
      };

      const rule = nextFault(operation);
      switch (rule?.fault) {
        case undefined:
          return send(executeOnce(operation, method, path, raw, idempotencyKey));
        case 'timeout':
          return hold(rule.holdMs, () => request.socket.destroy());
        case 'reset':
          return request.socket.destroy();
        case 'server-error':
          return send(stripeError(500, { type: 'api_error', message: 'An unknown error occurred' }));
        case 'late-success': {
          const reply = executeOnce(operation, method, path, raw, idempotencyKey);
          return hold(rule.holdMs, () => send(reply));
        }
        case 'success-then-500':
          return send(
            executeOnce(
              operation,
              method,
              path,
              raw,
              idempotencyKey,
              stripeError(500, { type: 'api_error', message: 'An unknown error occurred' }),
            ),
          );
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };

  const ledger = () => [...intents.values()].map((intent) => ({ ...intent }));
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** PaymentIntents created (a replayed create creates none). */
    intentsCreated: () => created,
    /** Every PaymentIntent with its status and whether it was refunded. */
    ledger,
    /** The refunds made, in order, each once (a replayed request makes none). */
    refundsMade: () => refundsMade.map((refund) => ({ ...refund })),
    /** Captured and not given back: what shoppers actually paid. */
    capturedUnrefunded: () => ledger().filter((intent) => intent.status === 'succeeded' && !intent.refunded),
    /** The next `times` requests of these operations suffer `fault`; held ones for `holdMs`. */
    inject(fault: StandInFault, on: StandInOperation[], times = 1, holdMs = 1_500) {
      faults.push({ fault, on: new Set(on), times, holdMs });
    },
    /** Ends every injected fault still pending. */
    heal() {
      faults.length = 0;
    },
    /** Faults actually applied, in order. */
    injected,
    close: () =>
      new Promise<void>((resolve) => {
        held.forEach((timer) => clearTimeout(timer));
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
