import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { isPrivateHost } from './private-address';

/**
 * How a name is resolved to all its addresses: Node's `dns.lookup` by default; tests pass a
 * stand-in so a case does not depend on the machine's resolver.
 */
export type ResolveAll = (
  hostname: string,
  family: number | undefined,
  callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

export const systemResolveAll: ResolveAll = (hostname, family, callback) =>
  dnsLookup(hostname, { all: true, ...(family ? { family } : {}) }, callback);

/** Answers every name with these addresses, whatever DNS says: for tests. */
export const fixedResolveAll =
  (...addresses: string[]): ResolveAll =>
  (_hostname, _family, callback) =>
    callback(
      null,
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );

/**
 * A call on a tenant's behalf aimed at the server's own network: refused, nothing sent. A
 * TypeError, as fetch's own refusals are (a blocked port), which retry helpers do not retry.
 */
export class PrivateTargetError extends TypeError {
  constructor() {
    super('the target resolves to a private or loopback address');
    this.name = 'PrivateTargetError';
  }
}

/**
 * True when `hostname` is refused before any lookup: a private address literal or a
 * `localhost` name. Node connects to a literal without calling the lookup, so this check is
 * the one a literal gets.
 */
export const isRefusedLiteral = (hostname: string, allowPrivate: boolean): boolean =>
  !allowPrivate && isPrivateHost(hostname);

/**
 * A socket lookup that refuses a name when any of its addresses is private or loopback, and
 * hands the socket the addresses it checked: no second resolution to race with (DNS
 * rebinding). Used by webhook deliveries (D11.6) and Ask AI's provider calls (D12.4).
 */
export function checkedLookup(
  allowPrivate: boolean,
  resolveAll: ResolveAll = systemResolveAll,
): LookupFunction {
  return (hostname, options, callback) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
    resolveAll(hostname, family || undefined, (err, addresses) => {
      if (err) return callback(err, '', 4);
      if (addresses.length === 0) {
        return callback(
          Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }),
          '',
          4,
        );
      }
      if (!allowPrivate && addresses.some((a) => isPrivateHost(a.address))) {
        return callback(new PrivateTargetError(), '', 4);
      }
      if (options.all) {
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      }
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}
