import { isPrivateHost } from './private-address';

/** The host a caller's URL names, as the URL parser normalises it (decimal, hex, IPv6 forms). */
const hostOf = (url: string) => new URL(url).hostname;

describe('isPrivateHost', () => {
  it.each([
    'http://127.0.0.1/',
    'http://2130706433/', // 127.0.0.1 written as one decimal number
    'http://0x7f.1/',
    'http://0.0.0.0/',
    'http://localhost./',
    'http://api.localhost/',
    'http://[::1]/',
    'http://[::]/',
    'http://[::ffff:127.0.0.1]/', // parsed to [::ffff:7f00:1]
    'http://[::ffff:a9fe:a9fe]/',
    'http://[64:ff9b::a9fe:a9fe]/', // NAT64 of 169.254.169.254
    'http://[2002:a00:1::]/', // 6to4 of 10.0.0.1
    'http://[::ffff:0:7f00:1]/', // SIIT of 127.0.0.1
    'http://[::127.0.0.1]/', // IPv4-compatible, parsed to [::7f00:1]
    'http://[fec0::1]/',
    'http://169.254.169.254/',
    'http://10.1.2.3/',
    'http://172.31.0.1/',
    'http://192.168.1.1/',
    'http://100.64.0.1/',
    'http://[fd00::1]/',
    'http://[fe80::1]/',
  ])('refuses %s', (url) => {
    expect(isPrivateHost(hostOf(url))).toBe(true);
  });

  it.each(['http://8.8.8.8/', 'http://[2606:4700:4700::1111]/', 'http://api.openai.com/'])(
    'lets %s through',
    (url) => {
      expect(isPrivateHost(hostOf(url))).toBe(false);
    },
  );
});
