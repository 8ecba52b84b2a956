import Fastify from 'fastify';
import { Pool } from 'pg';
import { SecretBox } from '@app/platform';
import { CEILING_ROUTES, CeilingRoutes, type CeilingRequest } from './ceiling-routes';

/**
 * The ceiling of the small calls: the routes of ceiling-routes.ts on a bare Fastify server.
 * What is left of a request is HTTP, JSON and the SQL.
 */
export interface Ceiling {
  url: string;
  close(): Promise<void>;
}

/** Starts the ceiling on a free local port; `encryptionKey` is the project's (operation 2). */
export async function startCeiling(databaseUrl: string, encryptionKey: Buffer): Promise<Ceiling> {
  // The project's pool size, so neither side has more connections to the database.
  const pool = new Pool({ connectionString: databaseUrl, max: 20 });
  const app = Fastify({ bodyLimit: 5 * 1024 * 1024 });
  const routes = new CeilingRoutes(pool, new SecretBox(encryptionKey));
  for (const [path, name] of CEILING_ROUTES) {
    app.post(path, async (request, reply) => {
      const answer = await routes[name](request as CeilingRequest);
      return reply.status(answer.status).send(answer.body);
    });
  }
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    async close() {
      await app.close();
      await pool.end();
    },
  };
}
