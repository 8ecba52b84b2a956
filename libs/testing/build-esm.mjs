// The ES-module build of the package, which its `exports` hand to `import` (see docs/extending.md,
// "Testing your own extensions"). The server's own build (`nest build`) is CommonJS, and
// jest on Node 20 cannot load NestJS 12 (ES modules only) from CommonJS: a suite that
// imports `<package>/testing` needs this build, in dist/esm, with its declarations.
//
// SWC compiles as the repository's jest does (legacy decorators and their metadata), with
// the `@app/*` aliases turned into relative paths and every path given in full (`.js`,
// `/index.js`), as Node's ES-module loader wants. tsc writes the declarations, whose
// aliases are rewritten the same way.
import { transformFileSync } from '@swc/core';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const OUT = join(ROOT, 'dist', 'esm');
const { paths } = JSON.parse(readFileSync(join(ROOT, 'tsconfig.json'), 'utf8')).compilerOptions;

const walk = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
  );

const sources = [join(ROOT, 'apps', 'api', 'src'), ...libraries().map((l) => join(l, 'src'))]
  .flatMap(walk)
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts') && !file.endsWith('.d.ts'));

function libraries() {
  return readdirSync(join(ROOT, 'libs'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(ROOT, 'libs', entry.name));
}

rmSync(OUT, { recursive: true, force: true });
for (const file of sources) {
  const { code } = transformFileSync(file, {
    swcrc: false,
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2022',
      keepClassNames: true,
      baseUrl: ROOT,
      paths,
    },
    module: { type: 'es6', resolveFully: true },
  });
  const target = join(OUT, relative(ROOT, file)).replace(/\.ts$/, '.js');
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, code);
}
writeFileSync(join(OUT, 'package.json'), `${JSON.stringify({ type: 'module' }, null, 2)}\n`);

// Declarations of the testing library and of everything it reaches.
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', join(ROOT, 'libs', 'testing', 'tsconfig.esm.json')], {
  stdio: 'inherit',
});
/** Where an `@app/*` specifier leads: the first of its tsconfig targets that exists. */
function aliasTarget(specifier) {
  for (const [pattern, targets] of Object.entries(paths)) {
    const star = pattern.indexOf('*');
    const prefix = star < 0 ? pattern : pattern.slice(0, star);
    const suffix = star < 0 ? '' : pattern.slice(star + 1);
    if (
      star < 0
        ? specifier !== pattern
        : !(specifier.startsWith(prefix) && specifier.endsWith(suffix))
    )
      continue;
    const name = star < 0 ? '' : specifier.slice(prefix.length, specifier.length - suffix.length);
    for (const target of targets) {
      const path = join(ROOT, target.replace('*', name));
      if (existsSync(`${path}.ts`) || existsSync(join(path, 'index.ts'))) return path;
    }
  }
  return undefined;
}
/** A specifier in full, as Node's ES-module loader (and `moduleResolution: nodenext`) wants it. */
function fullSpecifier(sourceDir, specifier) {
  const aliased = specifier.startsWith('.') ? undefined : aliasTarget(specifier);
  if (!aliased && !specifier.startsWith('.')) return specifier;
  const target = aliased ?? resolve(sourceDir, specifier);
  const file = existsSync(`${target}.ts`) ? `${target}.js` : join(target, 'index.js');
  const path = relative(sourceDir, file).split(sep).join('/');
  return path.startsWith('.') ? path : `./${path}`;
}
for (const file of walk(OUT).filter((f) => f.endsWith('.d.ts'))) {
  const sourceDir = dirname(join(ROOT, relative(OUT, file)));
  const text = readFileSync(file, 'utf8').replace(
    /(from |import\()(['"])([^'"]+)\2/g,
    (_, keyword, quote, specifier) =>
      `${keyword}${quote}${fullSpecifier(sourceDir, specifier)}${quote}`,
  );
  writeFileSync(file, text);
}
console.log(`ES-module build: ${sources.length} files in ${relative(ROOT, OUT)}`);
