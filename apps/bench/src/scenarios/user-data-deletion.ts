import { performance } from 'node:perf_hooks';
import { apiKeyHeaders, type BenchServer } from '../bench-server';

const PER_CALL = 1000;
const ORGANIZATIONS = 2;
const DOCUMENTS = 5;

export interface DeletionFigures {
  records: number;
  seedMs: number;
  answerMs: number;
  jobMs: number;
  tasksCount: number;
}

/**
 * Operation 16 with `records` comment annotations of one user in the database (spread over
 * 2 organizations and 10 documents, beside another user's): how long the 202 takes, and how
 * long the job takes to complete (polling operation 17).
 */
export async function deleteUserData(
  server: BenchServer,
  records: number,
): Promise<DeletionFigures> {
  const h = await apiKeyHeaders(server);
  const user = { userId: 'bench-user', name: 'Bench User', email: 'bench.user@example.com' };
  const other = { userId: 'other-user', name: 'Other User', email: 'other@example.com' };
  const seedStart = performance.now();
  const places: [string, string][] = [];
  for (let o = 0; o < ORGANIZATIONS; o++) {
    const organizationId = `gdpr-org-${o}`;
    const documents = Array.from({ length: DOCUMENTS }, (_, d) => ({ documentId: `doc-${d}` }));
    await server.post(
      '/v2/organizations/documents/add',
      { organizationId, createOrganization: true, documents },
      h,
    );
    for (const { documentId } of documents) places.push([organizationId, documentId]);
  }
  for (let written = 0, call = 0; written < records; call++) {
    const [organizationId, documentId] = places[call % places.length];
    const count = Math.min(PER_CALL, records - written);
    const commentAnnotations = Array.from({ length: count }, (_, i) => ({
      annotationId: `a-${call}-${i}`,
      commentData: [{ commentText: `Note ${i} for {{${other.userId}}}`, from: user }],
    }));
    await server.post(
      '/v2/commentannotations/add',
      { organizationId, documentId, commentAnnotations },
      h,
    );
    written += count;
  }
  await server.post(
    '/v2/commentannotations/add',
    {
      organizationId: places[0][0],
      documentId: places[0][1],
      commentAnnotations: [
        { annotationId: 'other', commentData: [{ commentText: 'kept', from: other }] },
      ],
    },
    h,
  );
  const seedMs = performance.now() - seedStart;

  const start = performance.now();
  const started = await server.post('/v2/users/data/delete', { userIds: [user.userId] }, h);
  const answerMs = performance.now() - start;
  const { jobId, tasksCount } = started.data;
  for (;;) {
    const status = await server.post('/v1/users/data/delete/status', { jobId }, h);
    if (status.result.data.isDeleteCompleted) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { records, seedMs, answerMs, jobMs: performance.now() - start, tasksCount };
}
