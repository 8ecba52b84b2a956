import { DataSource } from 'typeorm';
import { apiKeyHeaders, type BenchServer } from '../bench-server';

const COMMENTS = 1000;
const WINDOW = 100;

export interface LogGrowthFigures {
  comments: number;
  /** Mean bytes appended per comment over the first and the last `WINDOW` calls. */
  first: number;
  last: number;
  /** The smallest and largest single call of all. */
  min: number;
  max: number;
}

/**
 * One thread of 1000 comments, added one call at a time through the API: the bytes each call
 * appends to the log (the data and metadata of its events, as Postgres stores them as text).
 * The log must grow by the comment, not by the thread: the first and last hundred alike.
 */
export async function logGrowth(server: BenchServer): Promise<LogGrowthFigures> {
  const h = await apiKeyHeaders(server);
  const organizationId = 'growth-org';
  const documentId = 'growth-doc';
  const annotationId = 'growth-thread';
  const people = [
    { userId: 'ann-1', name: 'Ann Example', email: 'ann@example.com' },
    { userId: 'bob-2', name: 'Bob Example', email: 'bob@example.com' },
    { userId: 'cat-3', name: 'Cat Example', email: 'cat@example.com' },
  ];
  await server.post(
    '/v2/organizations/documents/add',
    { organizationId, createOrganization: true, documents: [{ documentId }] },
    h,
  );
  await server.post(
    '/v2/commentannotations/add',
    {
      organizationId,
      documentId,
      commentAnnotations: [
        { annotationId, commentData: [{ commentText: 'Thread start', from: people[0] }] },
      ],
    },
    h,
  );
  const db = server.app.get(DataSource);
  const [{ stream_id: streamId, version }] = await db.query(
    `SELECT stream_id, max(stream_version)::int AS version FROM events
     WHERE data->>'recordId' = $1 GROUP BY stream_id`,
    [annotationId],
  );
  let seen: number = version;
  const sizes: number[] = [];
  for (let i = 1; i <= COMMENTS; i++) {
    const from = people[i % people.length];
    const mention = people[(i + 1) % people.length].userId;
    await server.post(
      '/v2/commentannotations/comments/add',
      {
        organizationId,
        documentId,
        annotationId,
        commentData: [
          {
            commentText: `Comment ${i}: agreed, {{${mention}}} please check the figures.`,
            commentHtml: `<p>Comment ${i}: agreed, {{${mention}}} please check the figures.</p>`,
            from,
          },
        ],
      },
      h,
    );
    const [row] = await db.query(
      `SELECT coalesce(sum(octet_length(data::text) + octet_length(metadata::text)), 0)::int AS bytes,
         max(stream_version)::int AS version
       FROM events WHERE stream_id = $1 AND stream_version > $2`,
      [streamId, seen],
    );
    sizes.push(row.bytes);
    seen = row.version ?? seen;
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  return {
    comments: COMMENTS,
    first: mean(sizes.slice(0, WINDOW)),
    last: mean(sizes.slice(-WINDOW)),
    min: Math.min(...sizes),
    max: Math.max(...sizes),
  };
}
