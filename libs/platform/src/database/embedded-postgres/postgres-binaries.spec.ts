import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  isMusl,
  linkPostgresLibraries,
  noPostgresBinaries,
  privateDirectory,
} from './postgres-binaries';

// npm may skip the platform package's install script, which makes these links.
describe('the embedded Postgres binaries', () => {
  let root: string;
  beforeEach(() => (root = mkdtempSync(join(tmpdir(), 'collab-pg-package-'))));
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('get the library links pg-symlinks.json lists, made in place, relative to their directory', () => {
    const native = join(root, 'native');
    mkdirSync(join(native, 'lib'), { recursive: true });
    writeFileSync(join(native, 'lib', 'libpq.so.5.18'), '');
    writeFileSync(
      join(native, 'pg-symlinks.json'),
      JSON.stringify([
        { source: 'native/lib/libpq.so.5.18', target: 'native/lib/libpq.so.5' },
        { source: 'native/lib/libpq.so.5.18', target: 'native/lib/libpq.so' },
      ]),
    );
    expect(linkPostgresLibraries(native)).toBeUndefined();
    expect(readlinkSync(join(native, 'lib', 'libpq.so.5'))).toBe('libpq.so.5.18');
    expect(readlinkSync(join(native, 'lib', 'libpq.so'))).toBe('libpq.so.5.18');
    // Made once: a second start finds them.
    expect(linkPostgresLibraries(native)).toBeUndefined();
  });

  it('are known missing on a musl Linux (no glibc in the process report)', () => {
    expect(isMusl({ header: {} }, 'linux')).toBe(true);
    expect(isMusl({ header: { glibcVersionRuntime: '2.36' } }, 'linux')).toBe(false);
    expect(isMusl({ header: {} }, 'darwin')).toBe(false);
    expect(noPostgresBinaries('test').message).toMatch(/no binaries.*EMBEDDED_ENGINE=pglite/);
  });

  it("keep their links aside only in a directory of this user's that no one else may use", () => {
    const mine = join(root, 'mine');
    expect(privateDirectory(mine)).toBe(mine);
    expect(privateDirectory(mine)).toBe(mine);
    const open = join(root, 'open');
    mkdirSync(open, { mode: 0o777 });
    chmodSync(open, 0o777);
    expect(privateDirectory(open)).not.toBe(open);
    const linked = join(root, 'linked');
    symlinkSync(mine, linked);
    expect(privateDirectory(linked)).not.toBe(linked);
  });
});
