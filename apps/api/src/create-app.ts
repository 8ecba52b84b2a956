import { ConsoleLogger, type LogLevel, type ModuleMetadata } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { OpenAPIObject } from '@nestjs/swagger';
import { randomUUID } from 'node:crypto';
import {
  completeOpenApiDocument,
  createValidationPipe,
  EnvelopeExceptionFilter,
  resolveServerSecrets,
  serveOpenApiDocs,
  type AppConfig,
  type ServerSecrets,
  type SwaggerLibrary,
} from '@app/platform';
import { withSecuritySchemes } from '@app/workspaces';
import { AppModule } from './app.module';
import { RequestLogs } from './request-logs';

const BODY_LIMIT = 5 * 1024 * 1024; // D1.2
const MAX_REQUEST_ID_LENGTH = 200;

const NEST_LEVELS: Record<AppConfig['logLevel'], LogLevel[]> = {
  silent: [],
  fatal: ['fatal'],
  error: ['fatal', 'error'],
  warn: ['fatal', 'error', 'warn'],
  info: ['fatal', 'error', 'warn', 'log'],
  debug: ['fatal', 'error', 'warn', 'log', 'debug'],
  trace: ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'],
};

/** The HTTP adapter of the server (body limit, request ids, request logs). */
export function fastifyAdapter(config: AppConfig): FastifyAdapter {
  return new FastifyAdapter({
    bodyLimit: BODY_LIMIT,
    // The caller's x-request-id is kept (D1.5); otherwise a fresh one.
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    // JSON request logs (pino) with the request id, one line a request (`RequestLogs`); headers,
    // and so credentials, are not logged.
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    logController: new RequestLogs(),
  });
}

/** Nest's own logger at the configured level. */
export const nestLogger = (config: AppConfig) =>
  new ConsoleLogger({ json: true, logLevels: NEST_LEVELS[config.logLevel] });

/**
 * Global pipe, filter, request ids, OpenAPI: everything an app needs beyond its
 * modules. The production app and the test app (`@app/testing`) both go through here.
 */
export function configureApp(app: NestFastifyApplication): void {
  const fastify = app.getHttpAdapter().getInstance();
  // A callback hook: an async one costs a promise and a microtask turn on every request.
  fastify.addHook('onRequest', (request, reply, done) => {
    if (request.id.length > MAX_REQUEST_ID_LENGTH) request.id = randomUUID();
    void reply.header('x-request-id', request.id);
    done();
  });
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new EnvelopeExceptionFilter());
  // Made on the first request for it (/docs, /docs-json, /docs-yaml), then kept: loading the
  // library, scanning every route and turning the request classes into schemas would
  // otherwise lengthen every start.
  serveOpenApiDocs(app, (swagger) => openApiDocument(app, swagger));
}

/** The OpenAPI document of the app's routes, completed with the request and answer schemas. */
function openApiDocument(app: NestFastifyApplication, swagger: SwaggerLibrary): OpenAPIObject {
  return completeOpenApiDocument(
    swagger.SwaggerModule.createDocument(
      app,
      withSecuritySchemes(
        new swagger.DocumentBuilder()
          .setTitle('Collaboration Backend Administration API')
          .setDescription('Self-hosted administration API: every operation is POST {data: {...}}.')
          .setVersion('2'),
      ).build(),
    ),
  );
}

export interface CreatedApp {
  app: NestFastifyApplication;
  secrets: ServerSecrets;
}

/**
 * Builds the whole server (not listening yet) from a configuration. A start-up failure is
 * thrown to the caller (`abortOnError: false`), never answered by Nest's `process.exit(1)`.
 */
export async function createApp(
  config: AppConfig,
  extraModules: ModuleMetadata['imports'] = [],
): Promise<CreatedApp> {
  const secrets = resolveServerSecrets(config);
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config, secrets, extraModules),
    fastifyAdapter(config),
    { logger: nestLogger(config), abortOnError: false },
  );
  configureApp(app);
  await app.init();
  return { app, secrets };
}
