import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { EnvelopeExceptionFilter } from '../http/envelope.filter';
import { serveOpenApiDocs } from './docs-routes';

@Module({})
class EmptyModule {}

describe('the OpenAPI docs routes', () => {
  it('answer a failure to build the document as the app answers any failure, and try again', async () => {
    const app = await NestFactory.create<NestFastifyApplication>(
      EmptyModule,
      new FastifyAdapter(),
      {
        logger: false,
      },
    );
    app.useGlobalFilters(new EnvelopeExceptionFilter());
    let builds = 0;
    serveOpenApiDocs(app, () => {
      builds += 1;
      throw new Error('secret detail of the failure');
    });
    await app.init();
    try {
      const fastify = app.getHttpAdapter().getInstance();
      await fastify.ready();
      for (const attempt of [1, 2]) {
        const answer = await fastify.inject({ method: 'GET', url: '/docs-json' });
        expect(answer.statusCode).toBe(500);
        expect(answer.json()).toEqual({
          error: { status: 'INTERNAL', message: expect.any(String) },
        });
        expect(answer.body).not.toContain('secret detail');
        expect(builds).toBe(attempt);
      }
    } finally {
      await app.close();
    }
  });
});
