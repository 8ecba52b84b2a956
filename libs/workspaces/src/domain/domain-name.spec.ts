import { hostMatchesDomain, normaliseDomain } from './domain-name';

describe('normaliseDomain (operation 3)', () => {
  it.each([
    ['https://www.google.com', 'google.com'],
    ['https://*.firebase.com', '*.firebase.com'],
    ['HTTP://App.Example.com:8080/path?q=1#x', 'app.example.com'],
    ['localhost:3000', 'localhost'],
    ['127.0.0.1', '127.0.0.1'],
    ['http://[::1]:3000/', '::1'],
    ['example.com.', 'example.com'],
  ])('%s -> %s', (raw, stored) => {
    expect(normaliseDomain(raw)).toBe(stored);
  });

  it.each(['not a domain', '', 'https://', '-bad.com', 'a..b', '*.'])('refuses %j', (raw) => {
    expect(normaliseDomain(raw)).toBeUndefined();
  });
});

describe('hostMatchesDomain (D2.4)', () => {
  it('matches exact hosts, ignoring www', () => {
    expect(hostMatchesDomain('example.com', 'example.com')).toBe(true);
    expect(hostMatchesDomain('www.example.com', 'example.com')).toBe(true);
    expect(hostMatchesDomain('evil-example.com', 'example.com')).toBe(false);
  });

  it('matches subdomains of a wildcard, not the bare domain or look-alikes', () => {
    expect(hostMatchesDomain('a.example.org', '*.example.org')).toBe(true);
    expect(hostMatchesDomain('b.a.example.org', '*.example.org')).toBe(true);
    expect(hostMatchesDomain('example.org', '*.example.org')).toBe(false);
    expect(hostMatchesDomain('badexample.org', '*.example.org')).toBe(false);
  });
});
