import type { INestApplication } from '@nestjs/common';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { OpenAPIObject } from '@nestjs/swagger';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { applyDeferredOpenApiDecorators } from './deferred-decorators';

export type SwaggerLibrary = typeof import('@nestjs/swagger');

/** What SwaggerModule serves under `docs`: the UI page and its files, the document in JSON and YAML. */
const DOCS_PATHS = ['/docs', '/docs/*', '/docs-json', '/docs-yaml'];
/** Headers of the docs server's answer that belong to its own connection, not to this one. */
const CONNECTION_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date']);

/**
 * The OpenAPI document and its UI at /docs, /docs-json and /docs-yaml, served by `@nestjs/swagger`'s
 * SwaggerModule without loading the library at start (see `deferred-decorators.ts`). The first
 * request for one of those paths loads it, applies the deferred decorators and sets
 * SwaggerModule up on a Fastify instance of its own, which only serves the docs; this app's
 * routes hand each request to it. `build` makes the document (once, on the first request
 * that needs it).
 */
export function serveOpenApiDocs(
  app: NestFastifyApplication,
  build: (swagger: SwaggerLibrary) => OpenAPIObject,
): void {
  let docs: Promise<FastifyInstance> | undefined;
  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    // A failed start is tried again by the next request.
    docs ??= docsServer(build).catch((err: unknown) => {
      docs = undefined;
      throw err;
    });
    // HEAD too is asked as GET: Fastify drops the body of a HEAD answer itself and keeps its
    // length, where an empty answer would say 0.
    const answer = await (
      await docs
    ).inject({ method: 'GET', url: request.url, headers: request.headers });
    // The app's own answer to an unknown path (the envelope), as before.
    if (answer.statusCode === 404) return reply.callNotFound();
    // The docs server has no logger nor the envelope: the app's error handler logs this and
    // answers INTERNAL without the message.
    if (answer.statusCode >= 500) throw new Error(`OpenAPI docs failed: ${answer.body}`);
    for (const [name, value] of Object.entries(answer.headers)) {
      if (!CONNECTION_HEADERS.has(name) && value !== undefined) void reply.header(name, value);
    }
    return reply.code(answer.statusCode).send(answer.rawPayload);
  };
  const fastify = app.getHttpAdapter().getInstance();
  for (const path of DOCS_PATHS) fastify.get(path, forward);
}

async function docsServer(
  build: (swagger: SwaggerLibrary) => OpenAPIObject,
): Promise<FastifyInstance> {
  const swagger = await import('@nestjs/swagger');
  applyDeferredOpenApiDecorators(swagger);
  const adapter = new FastifyAdapter();
  // SwaggerModule reads nothing of the app it is given but its HTTP adapter (its routes go
  // there) and its global prefix (this server has none); the document is `build`'s.
  const docsApp = { getHttpAdapter: () => adapter } as unknown as INestApplication;
  swagger.SwaggerModule.setup('docs', docsApp, () => build(swagger));
  await adapter.getInstance().ready();
  return adapter.getInstance();
}
