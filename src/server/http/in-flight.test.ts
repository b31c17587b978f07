import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { trackInFlight } from './in-flight.js';

describe('in-flight requests', () => {
  it('outlive app.close() when their client left, and idle() waits for them', async () => {
    const app = Fastify();
    const inFlight = trackInFlight(app);
    let finished = false;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    app.get('/slow', async () => {
      await released;
      finished = true;
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    const request = http.get(`http://127.0.0.1:${port}/slow`);
    request.on('error', () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 100));
    request.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));

    await app.close();
    expect(finished, 'close() does not wait for a request whose client left').toBe(false);
    const idle = inFlight.idle(5_000);
    setTimeout(release, 100);
    expect(await idle).toBe(true);
    expect(finished).toBe(true);
  });

  it('is idle at once with nothing running, and gives up after its timeout', async () => {
    const app = Fastify();
    const inFlight = trackInFlight(app);
    app.get('/never', () => new Promise(() => undefined));
    await app.ready();
    expect(await inFlight.idle(10)).toBe(true);
    void app.inject({ method: 'GET', url: '/never' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await inFlight.idle(50)).toBe(false);
    await app.close();
  });
});
