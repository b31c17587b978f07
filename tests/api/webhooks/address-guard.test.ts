import { describe, expect, it } from 'vitest';
import { createAddressGuard, RefusedAddress } from '../../../src/server/modules/webhooks/address-guard.js';

/**
 * Where a webhook may go (issue 34 item 3): loopback, private, link-local (the metadata address),
 * CGNAT and the IPv4-mapped forms of them are refused, whether written as an address or behind a name,
 * unless WEBHOOK_ALLOWED_HOSTS allows the host or a range holding it.
 */
type Lookup = Parameters<typeof createAddressGuard>[1];
const resolvesTo = (addresses: [string, 4 | 6][]): Lookup =>
  (async () => addresses.map(([address, family]) => ({ address, family }))) as unknown as Lookup;
const publicDns = resolvesTo([['93.184.215.14', 4]]);

async function refusal(guard: ReturnType<typeof createAddressGuard>, url: string) {
  const error = await guard.check(url).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error, url).toBeInstanceOf(RefusedAddress);
  return (error as Error).message;
}

describe('without an allowlist', () => {
  const guard = createAddressGuard('', publicDns);

  it.each([
    'http://127.0.0.1/hook',
    'http://127.1.2.3:8080/hook',
    'http://10.0.0.1/hook',
    'http://172.16.5.4/hook',
    'http://192.168.1.1/hook',
    'http://169.254.169.254/latest/meta-data',
    'http://100.64.0.1/hook',
    'http://0.0.0.0/hook',
    'http://224.0.0.1/hook',
    'http://[::1]/hook',
    'http://[::ffff:127.0.0.1]/hook',
    'http://[::ffff:a9fe:a9fe]/hook',
    'http://[fd00::1]/hook',
    'http://[fe80::1]/hook',
  ])('refuses %s', async (url) => {
    expect(await refusal(guard, url)).toMatch(/private, loopback or reserved/);
  });

  it('refuses a name that resolves to loopback, or to a public and a private address', async () => {
    expect(
      await refusal(createAddressGuard('', resolvesTo([['127.0.0.1', 4]])), 'https://evil.example/x'),
    ).toMatch(/evil\.example resolves to 127\.0\.0\.1/);
    const mixed = createAddressGuard(
      '',
      resolvesTo([
        ['93.184.215.14', 4],
        ['10.1.1.1', 4],
      ]),
    );
    expect(await refusal(mixed, 'https://half.example/x')).toMatch(/10\.1\.1\.1/);
    // The machine's own resolver: localhost is loopback.
    expect(await refusal(createAddressGuard(''), 'http://localhost:9/x')).toMatch(/loopback/);
  });

  it('refuses other schemes and credentials in the address', async () => {
    expect(await refusal(guard, 'ftp://example.com/x')).toMatch(/http/);
    expect(await refusal(guard, 'file:///etc/passwd')).toMatch(/http/);
    expect(await refusal(guard, 'https://user:pw@example.com/x')).toMatch(/user name/);
  });

  it('answers a public address, pinned to what it resolved to', async () => {
    await expect(guard.check('https://erp.example.com/hooks')).resolves.toMatchObject({
      address: '93.184.215.14',
      family: 4,
    });
  });
});

describe('with WEBHOOK_ALLOWED_HOSTS', () => {
  it('allows the hosts and ranges it names, and nothing else', async () => {
    const guard = createAddressGuard(
      '127.0.0.1, 10.20.0.0/16, erp.internal',
      resolvesTo([['192.168.7.7', 4]]),
    );
    await expect(guard.check('http://127.0.0.1:3000/x')).resolves.toMatchObject({ address: '127.0.0.1' });
    await expect(guard.check('http://[::ffff:127.0.0.1]/x')).resolves.toBeTruthy();
    await expect(guard.check('http://10.20.3.4/x')).resolves.toBeTruthy();
    await expect(guard.check('http://erp.internal/x')).resolves.toMatchObject({ address: '192.168.7.7' });
    await refusal(guard, 'http://10.21.0.1/x');
    await refusal(guard, 'http://169.254.169.254/x');
    await refusal(guard, 'http://other.internal/x');
  });
});
