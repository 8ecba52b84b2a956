import 'reflect-metadata';
import { BatchOf, createValidationPipe, ServiceError } from '@app/platform';
import { DocumentItemDto } from './document-item.dto';
import { DocumentItems } from './document-items';
import { getMetadataStorage } from 'class-validator';

/** The batch as DocumentItemDto's rules alone read it. */
class ByRules {
  @BatchOf(() => DocumentItemDto)
  documents: unknown[];
}

class WithFastPath {
  @DocumentItems()
  documents: unknown[];
}

const pipe = createValidationPipe();

/** The pipe's answer for `documents` (a fresh copy each time: the pipe strips keys in place). */
async function read(dto: new () => object, documents: unknown): Promise<unknown> {
  const data = JSON.parse(JSON.stringify({ documents }, (_, v: unknown) => v)) as object;
  try {
    const out = (await pipe.transform(data, { type: 'body', metatype: dto })) as {
      documents: unknown;
    };
    return { documents: JSON.parse(JSON.stringify(out.documents)) as unknown };
  } catch (err) {
    if (!(err instanceof ServiceError)) throw err;
    return { error: err.message, details: err.details };
  }
}

const long = (n: number, unit = 'a') => unit.repeat(n);

/** Items that pass and items that break each rule, at and around its limits. */
const ITEMS: unknown[] = [
  { documentId: 'd' },
  { documentId: 'd', documentName: 'Name', accessType: 'restricted', disabled: true },
  { documentId: 'd', documentName: null, accessType: null, disabled: null },
  { documentId: 'd', team: 'x', nested: { a: [1, { b: null }] }, metadata: { k: 1 } },
  { documentId: 'd', id: 'i', folderId: 'f', organizationId: 'o', createdAt: 1, lastUpdated: 2 },
  { documentId: 'd', __proto__: { polluted: true } },
  JSON.parse('{"documentId":"d","__proto__":{"polluted":true},"constructor":"x"}'),
  { documentId: 'd', prototype: 1 },
  { documentId: long(512) },
  { documentId: long(513) },
  { documentId: long(256, '😀') },
  { documentId: long(257, '😀') },
  { documentId: 'é \u00a0 中文' },
  { documentId: 'a\nb' },
  { documentId: 'a\u007fb' },
  { documentId: 'a\u0000b' },
  { documentId: '' },
  { documentId: 5 },
  { documentId: null },
  { documentId: ['d'] },
  {},
  { documentId: 'd', documentName: long(1024) },
  { documentId: 'd', documentName: long(1025) },
  { documentId: 'd', documentName: long(512, '😀') },
  { documentId: 'd', documentName: long(513, '😀') },
  { documentId: 'd', documentName: '' },
  { documentId: 'd', documentName: 7 },
  { documentId: 'd', accessType: 'public' },
  { documentId: 'd', accessType: 'organizationPrivate' },
  { documentId: 'd', accessType: 'PUBLIC' },
  { documentId: 'd', accessType: 1 },
  { documentId: 'd', disabled: false },
  { documentId: 'd', disabled: 'true' },
  { documentId: 'd', disabled: 0 },
  null,
  'd',
  3,
  ['d'],
];

describe('DocumentItems', () => {
  it('reads a batch whose items all pass without building DocumentItemDto', async () => {
    const data = { documents: [{ documentId: 'd', team: 'x' }] };
    const out = (await pipe.transform(data, { type: 'body', metatype: WithFastPath })) as {
      documents: object[];
    };
    expect(out.documents[0].constructor).toBe(Object);
    expect(out.documents).toEqual([{ documentId: 'd', metadata: { team: 'x' } }]);
  });

  it('reads every item as DocumentItemDto does, and refuses what it refuses, with its words', async () => {
    for (const item of ITEMS) {
      const label = JSON.stringify(item);
      expect([label, await read(WithFastPath, [item])]).toEqual([
        label,
        await read(ByRules, [item]),
      ]);
    }
  });

  it('reads a batch as DocumentItemDto does: every item passing, one failing, too many, none', async () => {
    const valid = ITEMS.slice(0, 9);
    for (const batch of [
      valid,
      [...valid, { documentId: '' }, ...valid],
      Array.from({ length: 1000 }, (_, i) => ({ documentId: `d${i}`, team: i })),
      Array.from({ length: 1001 }, (_, i) => ({ documentId: `d${i}` })),
      [],
      undefined,
      null,
      'documents',
      { 0: { documentId: 'd' } },
    ]) {
      const label = JSON.stringify(batch)?.slice(0, 80);
      expect([label, await read(WithFastPath, batch)]).toEqual([label, await read(ByRules, batch)]);
    }
  });
});

describe("DocumentItems' hand-copied rules", () => {
  it('cover exactly the rules DocumentItemDto declares (a new rule there must be copied here)', () => {
    const rules = getMetadataStorage()
      .getTargetValidationMetadatas(DocumentItemDto, '', false, false)
      .map((m) => `${m.propertyName}:${m.name ?? m.type}:${JSON.stringify(m.constraints ?? [])}`)
      .sort();
    // What plainItem checks by hand; update both together.
    expect(rules).toMatchSnapshot();
  });
});
