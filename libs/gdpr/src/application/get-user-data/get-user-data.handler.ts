import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Page, PageTokens, sha256, type ExportChunk, type ExportCursor } from '@app/platform';
import { RegisteredExporters } from '../../export/registered-exporters';
import { GetUserDataQuery } from './get-user-data.query';

/** Items per feature in one page (hosted: "chunks of 100 items per feature data"). */
export const ITEMS_PER_FEATURE = 100;

/**
 * Where each feature goes on: its exporter's cursor, for the features with more to give.
 * A feature absent from a token's position is done (or was not there when it was made).
 */
type Position = Record<string, ExportCursor>;

/**
 * One page of a user's data: every feature read from its exporter, from where the page
 * token left it. The next token (signed like every page token, D5.5, and bound to the key,
 * organization and user) carries the cursor of each feature that has more; none once every
 * feature is done. A feature already done answers `[]`.
 */
@QueryHandler(GetUserDataQuery)
export class GetUserDataHandler implements IQueryHandler<GetUserDataQuery> {
  constructor(
    private readonly exporters: RegisteredExporters,
    private readonly tokens: PageTokens,
  ) {}

  async execute({ tenant, organizationId, userId, pageToken }: GetUserDataQuery) {
    const scope = `users-data:${tenant.apiKey}:${sha256(JSON.stringify([organizationId, userId]))}`;
    const from: Position | null = pageToken ? this.tokens.verify<Position>(scope, pageToken) : null;
    const subject = { apiKey: tenant.apiKey, userId, organizationId };
    const features = [...this.exporters.byFeature()];
    const chunks = await Promise.all(
      features.map(([feature, exporter]): Promise<ExportChunk> | ExportChunk => {
        if (from && !Object.hasOwn(from, feature)) return { items: [] };
        return exporter.export(feature, subject, from?.[feature] ?? null, ITEMS_PER_FEATURE);
      }),
    );
    const next: Position = {};
    features.forEach(([feature], i) => {
      const cursor = chunks[i].nextCursor;
      if (cursor !== undefined) next[feature] = cursor;
    });
    const token = Object.keys(next).length > 0 ? this.tokens.sign(scope, next) : undefined;
    // fromEntries: a feature is a plain key of `data`, whatever its name.
    const data = Object.fromEntries(features.map(([feature], i) => [feature, chunks[i].items]));
    return new Page<never>([], token, 'nextPageToken', data);
  }
}
