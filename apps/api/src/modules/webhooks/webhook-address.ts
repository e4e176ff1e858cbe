/**
 * Where a webhook may go (docs/webhooks.md, 'Direcciones'): never to loopback, private, link-local,
 * unique-local, carrier-grade NAT, multicast, reserved or unspecified addresses, checked on the
 * addresses a name resolves to, at connect time, so a name cannot resolve to one address when
 * checked and another when used. `WEBHOOK_ALLOW_PRIVATE=true` lifts the rule (a receiver on the
 * same network, tests).
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

const FORBIDDEN = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  FORBIDDEN.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  FORBIDDEN.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address is one a webhook may not reach (an IPv4-mapped IPv6 address counts as its IPv4 one). */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return FORBIDDEN.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** The refusal a delivery records. */
export class ForbiddenAddressError extends Error {
  readonly code = 'WEBHOOK_FORBIDDEN_ADDRESS';
  constructor(host: string, address: string) {
    super(
      host === address
        ? `Dirección no permitida: ${address} es local o privada`
        : `Dirección no permitida: ${host} apunta a ${address}, local o privada`,
    );
  }
}

/** A URL's host as an address or a name (URL keeps IPv6 literals in brackets). */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * `lookup` for net.connect: resolves as usual, then refuses the connection when any address the
 * name has is forbidden. (net.connect does not call it for an IP literal: the sender checks those.)
 */
export function guardedLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const forbidden = addresses.find((entry) => isForbiddenAddress(entry.address));
    if (forbidden) return callback(new ForbiddenAddressError(hostname, forbidden.address), []);
    const [first] = addresses;
    if (options.all) return callback(null, addresses);
    if (!first) return callback(Object.assign(new Error(`Sin direcciones para ${hostname}`), { code: 'ENOTFOUND' }), []);
    return callback(null, first.address, first.family);
  });
}
