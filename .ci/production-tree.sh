#!/usr/bin/env bash
# The production tree, without Docker: rebuilds what the Dockerfile builds, keeps only what its
# runtime stage copies, and starts that as a non-root user on a fresh embedded database (the
# default engine: a Postgres cluster of the server's own in DATA_DIR/postgres, its binaries
# from the pruned tree). A runtime import that lives in devDependencies (pruned here as in the
# image) stops the start.
#
# Keep in step with the Dockerfile: the files copied into the build stage (FILES below), its
# commands (npm ci, npm run build, npm prune --omit=dev), what the runtime stage keeps
# (node_modules, dist, package.json), its environment (NODE_ENV=production, DATA_DIR, PORT,
# HOST) and its command (node dist/apps/api/src/main.js).
#
# The image is node:24-bookworm-slim: .ci/run runs this script with Node 24 first on PATH.
#
#   bash .ci/production-tree.sh            # from anywhere in the repository
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
started=$(date +%s)

# The Dockerfile's COPY set, as tracked by git (what a fresh clone has).
FILES=(package.json package-lock.json 'tsconfig*.json' nest-cli.json apps libs)

# The image's HEALTHCHECK command (`node -e <script>`), run as it is against this server.
healthcheck_js="$(node -e '
const text = require("fs").readFileSync("Dockerfile", "utf8").replace(/\\\n/g, " ");
const cmd = /HEALTHCHECK[^\n]*CMD (\[[^\n]*\])/.exec(text);
const argv = cmd && JSON.parse(cmd[1]);
if (!argv || argv[0] !== "node" || argv[1] !== "-e") throw new Error("no node -e HEALTHCHECK");
console.log(argv[2]);
')"

work="$(mktemp -d "${TMPDIR:-/tmp}/collab-production-tree.XXXXXX")"
tree="$work/app"
data="$work/data"
log="$work/server.log"
server_pid=""

cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  # A server that died leaves its embedded cluster running: stopped (fast shutdown) here.
  if [ -f "$data/postgres/postmaster.pid" ]; then
    kill -INT "$(head -n 1 "$data/postgres/postmaster.pid")" 2>/dev/null || true
    for _ in $(seq 1 50); do [ -f "$data/postgres/postmaster.pid" ] || break; sleep 0.1; done
  fi
  rm -rf "$work"
}
trap cleanup EXIT

fail() {
  echo "production-tree: FAILED: $*" >&2
  if [ -s "$log" ]; then
    echo "production-tree: server output:" >&2
    sed 's/^/  | /' "$log" >&2
  fi
  exit 1
}

step() { echo "production-tree: [+$(($(date +%s) - started)) s] $*"; }

step "node $(node --version), npm $(npm --version) ($(command -v node))"
step "copying the Dockerfile's build context into $tree"
mkdir -p "$tree"
git ls-files -z -- "${FILES[@]}" | tar --null -T - -cf - | tar -xf - -C "$tree"
[ -f "$tree/package-lock.json" ] || fail "package-lock.json is not tracked"

cd "$tree"
step "npm ci"
npm ci --no-audit --no-fund --loglevel=error
step "npm run build"
npm run build
step "npm prune --omit=dev"
npm prune --omit=dev --no-audit --no-fund --loglevel=error

step "keeping what the runtime stage copies: node_modules, dist, package.json"
find . -mindepth 1 -maxdepth 1 ! -name node_modules ! -name dist ! -name package.json \
  -exec rm -rf {} +
[ -f dist/apps/api/src/main.js ] || fail "the build made no dist/apps/api/src/main.js"
# The tools only development uses are gone (not every devDependency: runtime packages keep
# @types/node and typescript, as dependency or peer).
for dev in jest @nestjs/cli @nestjs/testing @swc/core supertest eslint prettier; do
  [ ! -e "node_modules/$dev" ] || fail "devDependency $dev survived npm prune --omit=dev"
done

# As root (CI), run as `nobody`, like the image's `node` user: the tree readable, not writable;
# the data directory (the image's /data volume) the only place it may write.
mkdir -p "$data"
chmod 755 "$work"
chmod -R a+rX,go-w "$tree"
as_user=()
if [ "$(id -u)" = 0 ]; then
  chown nobody "$data"
  as_user=(runuser -u nobody --)
fi

port="$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
admin_token="ci_$(node -p 'require("crypto").randomBytes(16).toString("hex")')"
base="http://127.0.0.1:$port"

step "starting node dist/apps/api/src/main.js as $([ ${#as_user[@]} -gt 0 ] && echo nobody || id -un) on port $port"
# Only what the image sets, plus the admin token: no DATABASE_URL or REDIS_URL from the caller.
"${as_user[@]}" env -i PATH="$PATH" NODE_ENV=production DATA_DIR="$data" PORT="$port" \
  HOST=127.0.0.1 ADMIN_TOKEN="$admin_token" LOG_LEVEL=info \
  node dist/apps/api/src/main.js >"$log" 2>&1 &
server_pid=$!

# The image's health check, against this server, until it passes or 60 s.
health() { PORT="$port" node -e "$healthcheck_js"; }
deadline=$(($(date +%s) + 60))
until health; do
  kill -0 "$server_pid" 2>/dev/null || fail "the server exited before /health answered 200"
  [ "$(date +%s)" -lt "$deadline" ] || fail "/health did not answer 200 within 60 s"
  sleep 0.5
done
step "/health answered 200"
[ -f "$data/postgres/PG_VERSION" ] || fail "no embedded Postgres cluster in DATA_DIR/postgres"

created="$(node -e "
fetch('$base/v2/workspace/create', {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-service-admin-token': '$admin_token' },
  body: JSON.stringify({ data: { ownerEmail: 'ci@example.com', name: 'CI' } }),
}).then(async (r) => {
  const body = await r.text();
  let ok = false;
  try { ok = r.status === 200 && JSON.parse(body).result.status === 'success'; } catch {}
  console.log(r.status + ' ' + body.slice(0, 300));
  process.exit(ok ? 0 : 1);
}).catch((e) => { console.log(String(e)); process.exit(1); });
")" || fail "POST /v2/workspace/create: $created"
step "workspace created: ${created%% *}"

stopping=$(date +%s)
kill "$server_pid"
wait "$server_pid" 2>/dev/null || true
server_pid=""
step "server stopped in $(($(date +%s) - stopping)) s"
[ ! -f "$data/postgres/postmaster.pid" ] || fail "the server stopped, its embedded Postgres did not"
rm -rf "$work"
step "passed in $(($(date +%s) - started)) s"
