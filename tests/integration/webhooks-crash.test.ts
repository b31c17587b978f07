import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startReceiver, type Received } from '../api/support/webhook-receiver.js';
import { killServers, shopClient, startServer } from './support/server-process.js';
import { staffSignIn } from './support/staff.js';

/**
 * A shop killed in the middle of webhook deliveries (issue 34 item 3, docs/decisions/024), as a real
 * process: the receiver holds every request it gets, the process is SIGKILLed while it waits for the
 * answers, the receiver starts answering, and the shop restarted on the same data directory sends
 * every event again once the dead process's leases run out. Every event arrives at least once, and
 * the copies of one event share its webhook-id and body.
 */
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  killServers();
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const ADMIN = { email: 'owner@webhooks-crash.test', password: 'owner-password-1' };
const SHOES = 6;

describe('a shop killed while receivers hold its deliveries (PGlite)', () => {
  it('sends every event after the restart, duplicates under the same webhook-id', async () => {
    let holding = true;
    const receiver = await startReceiver(() => (holding ? 'hang' : 200));
    cleanups.push(() => receiver.close());
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-webhooks-crash-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const env = {
      SEED: 'demo',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      TRUST_PROXY: 'true',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      // A held request times out after 2 s and its lease after 12 s: the restart takes over then.
      WEBHOOK_TIMEOUT_MS: '2000',
      WEBHOOK_RETRY_DELAYS_MS: '200',
    };
    const first = await startServer(env, { readyPath: '/api/shoes?limit=1' });
    const send = shopClient(first.base);
    const admin = await staffSignIn(send, ADMIN);
    const created = await send(
      'POST',
      '/api/admin/webhooks',
      { url: receiver.url, events: ['shoe.updated'] },
      admin,
    );
    expect(created.status, created.text).toBe(201);
    receiver.useSecret((created.json() as { secret: string }).secret);

    const shoes = (await send('GET', `/api/shoes?limit=${SHOES}`)).json() as {
      _id: string;
      onSale: boolean;
    }[];
    expect(shoes).toHaveLength(SHOES);
    for (const shoe of shoes) {
      const put = await send('PUT', `/api/admin/onsale/${shoe._id}`, { onSale: !shoe.onSale }, admin);
      expect(put.status, put.text).toBe(200);
    }
    // Four in flight (the worker's limit), held; the others wait their turn in the queue.
    await receiver.next(() => receiver.received.length >= 4);
    first.child.kill('SIGKILL');
    await first.exited;
    holding = false;
    // What reached the receiver before the kill; everything from here on was sent by the restarted shop.
    const beforeKill = receiver.received.length;
    const heldIds = new Set(receiver.received.map((request) => request.id));

    const second = await startServer(env, { readyPath: '/api/shoes?limit=1' });
    const shoeOf = (request: Received) => (request.body.data.shoe as { id: string }).id;
    // Every event arrives from the restarted shop, the held ones too: those before the kill do not count.
    const afterRestart = () =>
      new Set(
        receiver.received
          .slice(beforeKill)
          .filter((r) => r.verified)
          .map(shoeOf),
      );
    await receiver.next(() => shoes.every((shoe) => afterRestart().has(shoe._id)));
    second.child.kill('SIGTERM');
    await second.exited;

    const byId = new Map<string, Received[]>();
    for (const request of receiver.received) byId.set(request.id, [...(byId.get(request.id) ?? []), request]);
    expect(byId.size, 'one webhook-id per event').toBe(SHOES);
    expect(new Set(receiver.received.map(shoeOf)).size).toBe(SHOES);
    for (const copies of byId.values()) {
      expect(new Set(copies.map(shoeOf)).size, 'copies of one event are about one shoe').toBe(1);
      expect(new Set(copies.map((copy) => JSON.stringify(copy.body))).size, 'and carry one body').toBe(1);
    }
    // The held ones arrived twice (before the kill and after), under the same id.
    expect(heldIds.size, 'at least one event was held when the shop died').toBeGreaterThanOrEqual(1);
    for (const id of heldIds) expect(byId.get(id)!.length, `copies of ${id}`).toBeGreaterThanOrEqual(2);
  }, 240_000);
});
