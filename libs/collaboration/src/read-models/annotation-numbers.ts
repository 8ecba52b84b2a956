import type { EntityManager } from 'typeorm';
import type { CollaborationEvent } from '../domain/collaboration.events';
import type { RecordState } from '../domain/evolve';

/** The events that make an absent annotation; each takes the next number of its document. */
const MAKERS = new Set<string>([
  'collaboration.comment-annotation-created',
  'collaboration.legacy-snapshot',
  'collaboration.record-moved',
]);

/**
 * Whether `event` takes a number: it makes an annotation that was absent. An erased maker
 * takes one too (its annotation had it before the erasure), so a rebuild from the log hands
 * out the numbers the live writes did; a number is never given again, even after a delete.
 */
export const takesNumber = (state: RecordState, event: CollaborationEvent): boolean =>
  !state && event.data.kind === 'comment-annotation' && MAKERS.has(event.type);

/** The advisory lock space of numbering (any constant; the key is the document's). */
const NUMBERING_LOCKS = 0x616e6e6f;

/**
 * Holds a document's numbering until the caller's transaction ends; taken before a write's
 * events are appended, so the writes of one document reach the log in the order they take
 * numbers, and a rebuild from the log gives each annotation the number it had.
 */
export async function lockNumbering(
  m: EntityManager,
  ref: { apiKey: string; organizationId: string; documentId: string },
): Promise<void> {
  const key = JSON.stringify([ref.apiKey, ref.organizationId, ref.documentId]);
  await m.query(`SELECT pg_advisory_xact_lock($1::int, hashtext($2))`, [NUMBERING_LOCKS, key]);
}

export interface NumberClaim {
  api_key: string;
  organization_id: string;
  document_id: string;
  /** The claiming event's place in the append: numbers follow it. */
  position: number;
  annotation_number?: number;
}

/**
 * Gives each claim the next number of its document (1, 2, 3… in the order added). The
 * document's counter row is raised in the caller's transaction, so a concurrent add waits on
 * its lock and reads the raised value: two adds never share a number (the unique index
 * refuses it anyway). Documents are raised in one order, so two writers never deadlock.
 */
export async function giveNumbers(claims: NumberClaim[], m: EntityManager): Promise<void> {
  const byDocument = new Map<string, NumberClaim[]>();
  for (const claim of [...claims].sort((a, b) => a.position - b.position)) {
    const key = JSON.stringify([claim.api_key, claim.organization_id, claim.document_id]);
    byDocument.set(key, [...(byDocument.get(key) ?? []), claim]);
  }
  for (const key of [...byDocument.keys()].sort()) {
    const group = byDocument.get(key)!;
    const { api_key, organization_id, document_id } = group[0];
    const [{ last }]: { last: number }[] = await m.query(
      `INSERT INTO collab_annotation_numbers AS n
         (api_key, organization_id, document_id, last_number)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (api_key, organization_id, document_id)
         DO UPDATE SET last_number = n.last_number + EXCLUDED.last_number
       RETURNING n.last_number AS last`,
      [api_key, organization_id, document_id, group.length],
    );
    const first = Number(last) - group.length + 1;
    group.forEach((claim, i) => (claim.annotation_number = first + i));
  }
}
