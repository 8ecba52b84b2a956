import { apiKeyHeaders, type BenchServer } from '../bench-server';
import { insertDocumentRows, plainClient } from '../floor';
import { measure } from '../stats';

const DOCUMENTS = 1000;

export interface Timings {
  name: string;
  times: number[];
}

/**
 * Operation 10 with 1000 documents in one call (each run a new organization, made on the
 * fly), and the floor: the same 1000 rows by one plain multi-row INSERT.
 */
export async function addDocuments(server: BenchServer, runs: number): Promise<Timings[]> {
  const headers = await apiKeyHeaders(server);
  const documents = Array.from({ length: DOCUMENTS }, (_, i) => ({
    documentId: `doc-${i}`,
    documentName: `Document ${i}`,
    team: 'bench',
  }));
  const op10 = await measure(runs, 3, async (i) => {
    const body = await server.post(
      '/v2/organizations/documents/add',
      { organizationId: `op10-${i}`, createOrganization: true, documents },
      headers,
    );
    if (Object.keys(body.result.data).length !== DOCUMENTS) throw new Error('short batch');
  });
  const client = await plainClient(server);
  try {
    const floor = await measure(runs, 3, (i) =>
      insertDocumentRows(client, headers['x-service-api-key'], `floor-${i}`, DOCUMENTS),
    );
    return [
      { name: 'floor: 1000 document rows, one multi-row INSERT (pg)', times: floor },
      { name: 'op 10: add 1000 documents in one call', times: op10 },
    ];
  } finally {
    await client.close();
  }
}
