import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { trackInFlight } from './in-flight.js';

/** A promise and the function that resolves it: a signal one side gives and the other awaits. */
function signal() {
  let give!: () => void;
  const given = new Promise<void>((resolve) => (give = resolve));
  return { give, given };
}

/** 'pending' while `promise` has not settled; its value otherwise. */
const state = <T>(promise: Promise<T>) => Promise.race([promise, Promise.resolve('pending' as const)]);

describe('in-flight requests', () => {
  it('outlive app.close() when their client left, and idle() waits for them', async () => {
    const app = Fastify();
    const inFlight = trackInFlight(app);
    let finished = false;
    const started = signal();
    const clientLeft = signal();
    const released = signal();
    app.get('/slow', async (request) => {
      request.raw.socket.once('close', clientLeft.give);
      started.give();
      await released.given;
      finished = true;
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    const request = http.get(`http://127.0.0.1:${port}/slow`);
    request.on('error', () => undefined);
    // The handler runs; then the client goes away and the server sees its connection close.
    await started.given;
    request.destroy();
    await clientLeft.given;

    await app.close();
    expect(finished, 'close() does not wait for a request whose client left').toBe(false);
    const idle = inFlight.idle(5_000);
    expect(await state(idle), 'idle() while the handler still runs').toBe('pending');
    released.give();
    expect(await idle).toBe(true);
    expect(finished).toBe(true);
  });

  it('is idle at once with nothing running, and gives up after its timeout', async () => {
    const app = Fastify();
    const inFlight = trackInFlight(app);
    const reached = signal();
    app.get('/never', () => {
      reached.give();
      return new Promise(() => undefined);
    });
    await app.ready();
    expect(await inFlight.idle(10)).toBe(true);
    void app.inject({ method: 'GET', url: '/never' });
    await reached.given;
    expect(await inFlight.idle(50)).toBe(false);
    await app.close();
  });
});
