import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UNSUBSCRIBE_PATH } from './unsubscribe-link';

/** A one-click body is `List-Unsubscribe=One-Click` in a form part; anything much longer is not one. */
const MAX_BODY_BYTES = 4096;

/**
 * A multipart body, the type RFC 8058 prefers for a one-click POST, accepted on the
 * unsubscribe route only and read as text: the route needs nothing from the body (the
 * link's token says everything). Every other route refuses it as before, as a body that is
 * not JSON. (Form-encoded bodies, the other type one-click clients send, Nest's adapter
 * already parses for every route.)
 */
@Injectable()
export class UnsubscribeBodyParser implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance?.() as FastifyInstance | undefined;
    if (!fastify?.addContentTypeParser) return; // the CLI's application context has no HTTP server
    fastify.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'string', bodyLimit: MAX_BODY_BYTES },
      (request: FastifyRequest, body: string | Buffer, done) => {
        if (request.routeOptions.url === UNSUBSCRIBE_PATH) {
          done(null, String(body));
          return;
        }
        // What Fastify answers a media type it has no parser for: 400 "must be application/json".
        const refused = Object.assign(new Error('Unsupported Media Type'), {
          statusCode: 415,
          code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE',
        });
        done(refused, undefined);
      },
    );
  }
}
