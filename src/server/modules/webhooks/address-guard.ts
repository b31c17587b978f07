import dns from 'node:dns/promises';
import net from 'node:net';

/**
 * Where a webhook may go (docs/operations.md "Webhooks"): http(s) to a host whose every address is
 * public. Loopback, private, link-local (the cloud metadata address), CGNAT, "this network",
 * multicast and reserved ranges, and the IPv4-mapped IPv6 forms of them, are refused unless
 * WEBHOOK_ALLOWED_HOSTS names the host or a range holding the address. The answer carries the address
 * checked: the sender connects to it and nothing else, so a name that resolves elsewhere the next time
 * (DNS rebinding) cannot move the request.
 */
const BLOCKED_V4: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];
const BLOCKED_V6: [string, number][] = [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
];

const blocked = new net.BlockList();
for (const [address, prefix] of BLOCKED_V4) blocked.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of BLOCKED_V6) blocked.addSubnet(address, prefix, 'ipv6');

/** The IPv4 address an IPv6 one stands for (::ffff:127.0.0.1, ::ffff:7f00:1, ::127.0.0.1), if any. */
function embeddedV4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^::(ffff:(0:)?)?(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[3];
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const high = parseInt(hex[1]!, 16);
    const low = parseInt(hex[2]!, 16);
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return undefined;
}

export interface PinnedAddress {
  url: URL;
  /** The address to connect to, checked. */
  address: string;
  family: 4 | 6;
}

export class RefusedAddress extends Error {}

export function createAddressGuard(allowedHosts: string, lookup = dns.lookup) {
  const allowedNames = new Set<string>();
  const allowedRanges = new net.BlockList();
  for (const entry of allowedHosts
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean)) {
    const [address, prefix] = entry.split('/');
    const family = net.isIP(address!);
    if (family && prefix !== undefined)
      allowedRanges.addSubnet(address!, Number(prefix), family === 4 ? 'ipv4' : 'ipv6');
    else if (family) allowedRanges.addAddress(address!, family === 4 ? 'ipv4' : 'ipv6');
    else allowedNames.add(entry);
  }

  function isAllowed(address: string, family: 4 | 6): boolean {
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (allowedRanges.check(address, type)) return true;
    const v4 = family === 6 ? embeddedV4(address) : undefined;
    return v4 !== undefined && allowedRanges.check(v4, 'ipv4');
  }

  function isBlocked(address: string, family: 4 | 6): boolean {
    if (family === 4) return blocked.check(address, 'ipv4');
    const v4 = embeddedV4(address);
    if (v4 !== undefined) return blocked.check(v4, 'ipv4');
    return blocked.check(address, 'ipv6');
  }

  return {
    /** The URL and the address to send to, or RefusedAddress saying why not. */
    async check(target: string): Promise<PinnedAddress> {
      let url: URL;
      try {
        url = new URL(target);
      } catch {
        throw new RefusedAddress('The address is not a URL.');
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:')
        throw new RefusedAddress('Only http:// and https:// addresses are allowed.');
      if (url.username || url.password)
        throw new RefusedAddress('The address may not carry a user name or password.');
      const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
      const hostAllowed = allowedNames.has(host);
      let addresses: { address: string; family: number }[];
      if (net.isIP(host)) addresses = [{ address: host, family: net.isIP(host) }];
      else {
        try {
          addresses = await lookup(host, { all: true, verbatim: true });
        } catch {
          throw new RefusedAddress(`${host} could not be resolved.`);
        }
      }
      if (addresses.length === 0) throw new RefusedAddress(`${host} could not be resolved.`);
      for (const { address, family } of addresses) {
        const ipFamily = family === 6 ? 6 : 4;
        if (!hostAllowed && !isAllowed(address, ipFamily) && isBlocked(address, ipFamily))
          throw new RefusedAddress(
            `${host} resolves to ${address}, a private, loopback or reserved address: webhooks go to public addresses only (WEBHOOK_ALLOWED_HOSTS lists exceptions).`,
          );
      }
      const first = addresses[0]!;
      return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
    },
  };
}

export type AddressGuard = ReturnType<typeof createAddressGuard>;
