import { apiKeyHeaders, type BenchServer } from '../bench-server';
import { measure } from '../stats';
import type { Timings } from './documents';

const ORGANIZATIONS = 1000;

/** Operation 8 reading 1000 organizations page by page (pageSize 100, then one page of 1000). */
export async function readOrganizations(server: BenchServer, runs: number): Promise<Timings[]> {
  const headers = await apiKeyHeaders(server);
  await server.post(
    '/v1/organizations/add',
    {
      organizations: Array.from({ length: ORGANIZATIONS }, (_, i) => ({
        organizationId: `org-${String(i).padStart(4, '0')}`,
        organizationName: `Organization ${i}`,
        plan: 'bench',
      })),
    },
    headers,
  );
  const readAll = (pageSize: number) => async () => {
    let seen = 0;
    let pageToken: string | undefined;
    do {
      const body = await server.post('/v2/organizations/get', { pageSize, pageToken }, headers);
      seen += body.result.data.length;
      pageToken = body.result.nextPageToken;
    } while (pageToken);
    if (seen !== ORGANIZATIONS) throw new Error(`read ${seen} organizations`);
  };
  return [
    {
      name: 'op 8: read 1000 organizations, 10 pages of 100',
      times: await measure(runs, 3, readAll(100)),
    },
    {
      name: 'op 8: read 1000 organizations, 1 page of 1000',
      times: await measure(runs, 3, readAll(1000)),
    },
  ];
}
