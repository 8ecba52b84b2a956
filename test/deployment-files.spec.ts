/**
 * The deployment files agree with the server and its documentation: every variable the
 * Dockerfile or the compose file gives the server is one the configuration reads and the
 * operator's guide (docs/operating.md) documents; the compose file's health check is the image's; and the production-tree
 * step of CI (.ci/production-tree.sh) builds from the files, with the commands, the
 * Dockerfile uses. Plain text parsing, for the simple YAML and Dockerfile these are.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const read = (path: string) => readFileSync(join(process.cwd(), path), 'utf8');
const dockerfile = read('Dockerfile').replace(/\\\n/g, ' ');
const compose = read('docker-compose.yml');
const operating = read('docs/operating.md');
const config = read('libs/platform/src/config/app-config.ts');
const script = read('.ci/production-tree.sh');
const ciRun = read('.ci/run');
const engines: string = JSON.parse(read('package.json')).engines.node;

/** Variables set for a runtime, not read by this server (Node and its libraries read it). */
const NOT_OURS = ['NODE_ENV'];

/** The lines of a YAML block: those after `key:` at `indent`, more indented than it. */
function block(lines: string[], key: string, indent: number): string[] {
  const start = lines.findIndex((l) => l === `${' '.repeat(indent)}${key}:`);
  if (start < 0) return [];
  const out: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.trim() === '') continue;
    if (line.length - line.trimStart().length <= indent) break;
    out.push(line);
  }
  return out;
}

/** The server's service: the one built from this repository. */
function apiService(): string[] {
  const services = block(compose.split('\n'), 'services', 0);
  const names = services.filter((l) => /^ {2}[\w-]+:$/.test(l)).map((l) => l.trim().slice(0, -1));
  const built = names.filter((name) => block(services, name, 2).some((l) => /^ {4}build:/.test(l)));
  expect(built).toHaveLength(1);
  return block(services, built[0], 2);
}

function composeEnvironment(): Record<string, string> {
  const entries = block(apiService(), 'environment', 4).map((l) => {
    const match = /^ {6}([A-Z0-9_]+): (.*)$/.exec(l);
    if (!match) throw new Error(`unexpected environment line: ${l}`);
    return [match[1], match[2]];
  });
  return Object.fromEntries(entries);
}

function dockerfileEnvironment(): string[] {
  return [...dockerfile.matchAll(/^ENV (.+)$/gm)].flatMap((m) =>
    [...m[1].matchAll(/([A-Z0-9_]+)=/g)].map((v) => v[1]),
  );
}

const documented = (name: string) =>
  new RegExp(`^\\| [^|]*\`${name}\``, 'm').test(
    operating.slice(operating.indexOf('## Configuration')),
  );
const readByConfig = (name: string) =>
  config.includes(`env.${name}`) || config.includes(`'${name}'`);

describe('deployment files', () => {
  it('give the server only variables its configuration reads and docs/operating.md documents', () => {
    const names = [...Object.keys(composeEnvironment()), ...dockerfileEnvironment()].filter(
      (name) => !NOT_OURS.includes(name),
    );
    expect(names).toEqual(expect.arrayContaining(['DATABASE_URL', 'REDIS_URL', 'DATA_DIR']));
    expect(names.filter((name) => !readByConfig(name))).toEqual([]);
    expect(names.filter((name) => !documented(name))).toEqual([]);
  });

  it('make the compose file require the secrets an external database needs', () => {
    const env = composeEnvironment();
    for (const name of ['ADMIN_TOKEN', 'SERVICE_ENCRYPTION_KEY']) {
      expect(env[name]).toMatch(new RegExp(`^"\\$\\{${name}:\\?`));
    }
  });

  it("give the compose service the image's health check, with the same timings", () => {
    const image = /HEALTHCHECK (.*?) CMD (\[.*\])$/m.exec(dockerfile);
    expect(image).not.toBeNull();
    const options = Object.fromEntries(
      [...image![1].matchAll(/--([a-z-]+)=(\S+)/g)].map((m) => [m[1].replace('-', '_'), m[2]]),
    );
    const check = block(apiService(), 'healthcheck', 4);
    const test = block(check, 'test', 6).map((l) => l.trim().replace(/^- /, ''));
    const argv = test.map((item) => (item.startsWith('"') ? JSON.parse(item) : item));
    expect(argv).toEqual(['CMD', ...JSON.parse(image![2])]);
    for (const [key, value] of Object.entries(options)) {
      expect(check).toContain(`      ${key}: ${value}`);
    }
    expect(argv.join(' ')).toContain('/health');
  });

  it('build on the Node major CI runs the production tree on, one package.json supports', () => {
    const majors = [...dockerfile.matchAll(/^FROM node:(\d+)-/gm)].map((m) => m[1]);
    expect(majors).toHaveLength(2); // the build and the runtime stage
    const ci = /^NODE24_VERSION=(\d+)\.\d+\.\d+$/m.exec(ciRun);
    expect(ci).not.toBeNull();
    expect(majors).toEqual([ci![1], ci![1]]);
    expect(
      engines.split('||').map((range) => range.trim().replace(/^\^/, '').split('.')[0]),
    ).toContain(ci![1]);
  });

  it('are what .ci/production-tree.sh rebuilds: same files, same commands, same runtime tree', () => {
    const [build, runtime] = dockerfile.split(/^FROM .* AS runtime$/m);
    const copied = [...build.matchAll(/^COPY (?!--from)(.+) \S+$/gm)].flatMap((m) =>
      m[1].split(/\s+/),
    );
    const files = /^FILES=\((.*)\)$/m.exec(script)![1].replace(/'/g, '').split(/\s+/);
    expect(files.sort()).toEqual(copied.sort());
    const commands = [...build.matchAll(/^RUN (.+)$/gm)].flatMap((m) => m[1].split(/\s*&&\s*/));
    expect(commands.map((c) => c.trim())).toEqual([
      'npm ci',
      'npm run build',
      'npm prune --omit=dev',
    ]);
    for (const command of commands) expect(script).toMatch(new RegExp(`^${command.trim()}`, 'm'));
    const kept = [...runtime.matchAll(/^COPY --from=build \S+ \/app\/(\S+) /gm)].map((m) => m[1]);
    expect(kept.sort()).toEqual(['dist', 'node_modules', 'package.json']);
    for (const name of kept) expect(script).toContain(`! -name ${name}`);
    const cmd = /^CMD (\[.*\])$/m.exec(runtime)![1];
    expect(script).toContain((JSON.parse(cmd) as string[]).join(' '));
  });
});
