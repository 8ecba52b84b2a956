import { Controller, Inject, Module, Post, Req, Res } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply } from 'fastify';
import { Pool } from 'pg';
import { SecretBox } from '@app/platform';
import { answer, CeilingRoutes, pathOf, type CeilingRequest } from './ceiling-routes';
import type { Ceiling } from './ceiling-server';

// The framework's floor: the ceiling's routes (ceiling-routes.ts) in a bare Nest app on the
// Fastify adapter, as the project is served, with nothing of the project's around them (no
// guards, pipes, interceptors, filters, logger, rate limit or metrics). Between it and the
// ceiling is what Nest itself costs a request; between the project and it, what the project
// adds.

const ROUTES = Symbol('ceiling routes');

@Controller()
class FloorController {
  constructor(@Inject(ROUTES) private readonly routes: CeilingRoutes) {}

  @Post(pathOf('documents'))
  documents(@Req() request: CeilingRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return answer(this.routes.documents(request), reply);
  }

  @Post(pathOf('authTokens'))
  authTokens(@Req() request: CeilingRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return answer(this.routes.authTokens(request), reply);
  }

  @Post(pathOf('addOrganization'))
  addOrganization(@Req() request: CeilingRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return answer(this.routes.addOrganization(request), reply);
  }
}

/** Starts the floor on a free local port, on its own pool as the ceiling (same size). */
export async function startNestFloor(databaseUrl: string, encryptionKey: Buffer): Promise<Ceiling> {
  const pool = new Pool({ connectionString: databaseUrl, max: 20 });
  const routes = new CeilingRoutes(pool, new SecretBox(encryptionKey));
  @Module({ controllers: [FloorController], providers: [{ provide: ROUTES, useValue: routes }] })
  class FloorModule {}
  const app = await NestFactory.create<NestFastifyApplication>(
    FloorModule,
    new FastifyAdapter({ bodyLimit: 5 * 1024 * 1024 }),
    { logger: false },
  );
  await app.listen(0, '127.0.0.1');
  return {
    url: await app.getUrl(),
    async close() {
      await app.close();
      await pool.end();
    },
  };
}
