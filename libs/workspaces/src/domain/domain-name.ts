import { isIP } from 'node:net';

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * The stored form of an allowed domain (operation 3): lower case, without scheme, user,
 * port, path or a leading `www.`; a leading `*.` wildcard is kept. Undefined when the
 * input is not a host name, an IP address or a wildcard host.
 */
export function normaliseDomain(raw: string): string | undefined {
  let host = raw.trim().toLowerCase();
  host = host.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  host = host.split(/[/?#]/)[0];
  host = host.replace(/^[^@]*@/, '');
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    return end > 0 && isIP(host.slice(1, end)) === 6 ? host.slice(1, end) : undefined;
  }
  host = host.replace(/:\d+$/, '').replace(/\.$/, '');
  if (host.startsWith('www.')) host = host.slice(4);
  if (isIP(host)) return host;
  const wildcard = host.startsWith('*.');
  const labels = (wildcard ? host.slice(2) : host).split('.');
  if (host.length > 253 || !labels.every((label) => LABEL.test(label))) return undefined;
  return host;
}

/** Whether a request host is allowed by a normalised domain (`*.x` covers subdomains of x). */
export function hostMatchesDomain(host: string, domain: string): boolean {
  const normalised = normaliseDomain(host);
  if (!normalised) return false;
  if (domain.startsWith('*.')) return normalised.endsWith(domain.slice(1));
  return normalised === domain;
}
