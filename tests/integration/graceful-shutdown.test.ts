import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/domain/messages.js';
import {
  killServers,
  sleep,
  startServer as startProcess,
  type ServerProcess,
} from './support/server-process.js';

/**
 * A deploy stops an instance with SIGTERM (issue 9). `npm start` as a real process on a fresh
 * data directory; a shopper on a slow connection is still uploading the contact form when the
 * signal comes. The instance must:
 * - first drain (SHUTDOWN_DRAIN_MS): readiness answers 503 so the load balancer takes it out,
 *   while requests it still gets are served;
 * - then refuse new connections, and still finish the upload with its normal answer (which
 *   needs the database, so the database must outlive the request);
 * - and exit with status 0.
 */
const DRAIN_MS = 1_500;
/** How long after the listener closed the slow client sends the rest of its upload. */
const UPLOAD_REST_AFTER_MS = 500;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-shutdown-'));

afterAll(() => {
  killServers();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Polls the server's log (JSON lines) until a line matches `wanted`; fails after `timeoutMs`. */
async function logged(
  server: ServerProcess,
  what: string,
  wanted: (line: Record<string, unknown>) => boolean,
  timeoutMs = 10_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const lines = server
      .output()
      .split('\n')
      .flatMap((text) => {
        try {
          return [JSON.parse(text) as Record<string, unknown>];
        } catch {
          return [];
        }
      });
    if (lines.some(wanted)) return;
    if (Date.now() > deadline)
      throw new Error(`not logged within ${timeoutMs} ms: ${what}\n${server.output()}`);
    if (server.child.exitCode !== null) throw new Error(`exited before logging ${what}:\n${server.output()}`);
    await sleep(20);
  }
}

/** Whether a new TCP connection to the port is accepted. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A GET on a connection of its own (no keep-alive reuse), as a load balancer's probe makes. */
async function probe(base: string, url: string) {
  const response = await fetch(`${base}${url}`, { headers: { connection: 'close' } });
  return { status: response.status, body: (await response.json()) as unknown };
}

/**
 * POST a JSON body in two parts: the first now, the rest when `finish()` is called. The request
 * is in flight from the first byte: the server has its headers and waits for the rest.
 */
function slowUpload(port: number, url: string, body: unknown) {
  const bytes = Buffer.from(JSON.stringify(body));
  const half = Math.floor(bytes.length / 2);
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: url,
    agent: false,
    headers: { 'content-type': 'application/json', 'content-length': bytes.length },
  });
  const answer = new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    request.on('error', reject);
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
    });
  });
  request.write(bytes.subarray(0, half));
  request.flushHeaders();
  return {
    answer,
    finish: () => request.end(bytes.subarray(half)),
  };
}

const startServer = () =>
  startProcess({
    DATA_DIR: dataDir,
    // The embedded database, whatever the environment of the test run says.
    DATABASE_URL: '',
    REDIS_URL: '',
    SEED: 'none',
    // `debug` adds a line when a request arrives: the test knows the upload is in flight.
    LOG_LEVEL: 'debug',
    SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
  });

describe('SIGTERM', () => {
  // Starting the server is most of it: on a busy machine that alone can pass the default 30 s.
  it('drains, refuses new connections, finishes the request in flight and exits 0', async () => {
    const server = await startServer();
    const upload = slowUpload(server.port, '/api/mail/contactUs', {
      name: 'Ana',
      email: 'ana@example.com',
      message: 'I am on a train with a weak signal: do you ship to Lisbon?',
    });
    // The server has the upload's headers: the request is in flight (its body still coming).
    await logged(
      server,
      'the upload as an incoming request',
      (line) => line.msg === 'request started' && line.route === '/api/mail/contactUs',
    );

    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    await logged(server, 'shutting down', (line) => line.msg === 'shutting down');

    // Draining: out of the load balancer, still serving what it gets.
    expect(await probe(server.base, '/api/ready')).toEqual({
      status: 503,
      body: { error: { code: 'shutting_down', message: expect.any(String) } },
    });
    expect(await probe(server.base, '/api/health')).toEqual({ status: 200, body: { status: 'ok' } });
    expect((await probe(server.base, '/api/shoes')).status).toBe(200);

    // Then closed to new connections, with the upload still in flight.
    while (await accepts(server.port)) {
      expect(Date.now() - signalledAt, 'still accepting connections').toBeLessThan(DRAIN_MS + 5_000);
      await sleep(50);
    }
    expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(DRAIN_MS);
    expect(
      server.child.exitCode ?? server.child.signalCode,
      'exited before the request in flight was answered',
    ).toBe(null);

    // The shopper's weak signal: the rest of the upload comes a while after the listener closed, and
    // the process must still be there for it (no wait for the server: it fails as soon as the process ends).
    const exitedMeanwhile = await Promise.race([
      server.exited.then(() => true),
      sleep(UPLOAD_REST_AFTER_MS).then(() => false),
    ]);
    expect(exitedMeanwhile, `exited with the upload unanswered:\n${server.output()}`).toBe(false);
    upload.finish();
    expect(await upload.answer).toEqual({ status: 200, body: { message: MESSAGES.contact.received } });
    expect(await server.exited, server.output()).toBe(0);
    expect(server.output()).toContain('shutting down');
  }, 120_000);
});
