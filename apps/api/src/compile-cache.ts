import { lstatSync, mkdirSync } from 'node:fs';
import module from 'node:module';
import { homedir } from 'node:os';
import { join } from 'node:path';

// Node 22.1+ keeps V8's compiled code of every module it loads on disk, so a start after the
// first compiles next to nothing. Node 20 has no such cache: there this does nothing. Imported
// before anything else, to cover every module. Node's own default directory is a guessable
// name in the shared temporary directory, whose entries it checks only by checksum: another
// local user could plant code there. So the cache goes in the user's own cache directory,
// used only when it is a real directory of this user that nobody else can write
// (NODE_COMPILE_CACHE, when set, is Node's to honour; NODE_DISABLE_COMPILE_CACHE turns it off).
const enableCompileCache = (module as { enableCompileCache?: (dir: string) => unknown })
  .enableCompileCache;

function ownPrivateDirectory(dir: string): boolean {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = lstatSync(dir);
  const own = process.getuid === undefined || stat.uid === process.getuid();
  return stat.isDirectory() && own && (stat.mode & 0o022) === 0;
}

if (
  enableCompileCache &&
  !process.env.NODE_COMPILE_CACHE &&
  !process.env.NODE_DISABLE_COMPILE_CACHE
) {
  try {
    const dir = join(homedir(), '.cache', 'collab-admin-server', 'compile-cache');
    if (ownPrivateDirectory(dir)) enableCompileCache(dir);
  } catch {
    // No home, or not writable (a read-only container): start without the cache.
  }
}
