import { BlockList, isIP } from 'node:net';

const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  // Unspecified, loopback and the deprecated IPv4-compatible form (`::7f00:1`).
  ['::', 96],
  // NAT64 and 6to4 carry an IPv4 address inside: 64:ff9b::a9fe:a9fe is 169.254.169.254.
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['2002::', 16],
  // SIIT's IPv4-translated form and Teredo carry one too.
  ['::ffff:0:0:0', 96],
  ['2001::', 32],
  // Site-local, deprecated but still routed inside some networks.
  ['fec0::', 10],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv6');
}

/**
 * True for loopback, private, link-local and similar addresses, and for `localhost` names:
 * targets a server must not call on a tenant's behalf (D11.6). Names are checked again
 * after DNS resolution at delivery time.
 */
export function isPrivateHost(hostname: string): boolean {
  // `localhost.` is `localhost`: a trailing dot only marks the name as absolute.
  const host = hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host);
  if (mapped) return PRIVATE.check(mapped[1], 'ipv4');
  const family = isIP(host);
  if (family === 4) return PRIVATE.check(host, 'ipv4');
  if (family === 6) return PRIVATE.check(host, 'ipv6');
  return false;
}

/** True for an http(s) URL whose host is written as a private address or a `localhost` name. */
export function isPrivateUrl(raw: string): boolean {
  return URL.canParse(raw) && isPrivateHost(new URL(raw).hostname);
}
