import { DiscoveryService } from '@nestjs/core';
import type { SchemaObject } from '@nestjs/swagger';
import { arrayOf, namedSchema, type Schema } from '../openapi/schema';
import { markedProviders, type MarkedClass } from './marked-providers';

/** Whose data an export reads (hosted `users/data/get`): one user of one API key. */
export interface ExportSubject {
  apiKey: string;
  userId: string;
  /** Only this organization's data; absent: every organization of the key. */
  organizationId?: string;
}

/**
 * Where the next chunk of a feature starts: the exporter's own keyset position (the last
 * item's stable key), JSON. It travels inside the signed page token, so the exporter gets
 * back exactly what it gave.
 */
export type ExportCursor = string | number | (string | number | null)[];

/** One chunk of one feature: at most `limit` items, and where the next starts when there is one. */
export interface ExportChunk {
  items: Record<string, unknown>[];
  /** Absent when the feature has nothing more. */
  nextCursor?: ExportCursor;
}

/**
 * Personal data a module holds, read back for its user (the GDPR export, hosted
 * `users/data/get`). Mark the provider `@Exporter({ features: {...} })`: the export finds
 * every exporter at first use and answers each feature as a list of its own, so a module
 * that stores users' data is exported with no edit to the GDPR library. Exporters read
 * their read tables (never the event log), by keyset on a stable key, so a page costs
 * its own rows and every item is seen once.
 */
export interface UserDataExporter {
  /** Up to `limit` items of `feature` after `after` (null: from the start). */
  export(
    feature: string,
    subject: ExportSubject,
    after: ExportCursor | null,
    limit: number,
  ): Promise<ExportChunk>;
}

export interface ExporterOptions {
  /**
   * The features it exports (names of the lists in the answer, stable: they key the page
   * token too), each with the schema of one item for the OpenAPI document.
   */
  features: Record<string, Schema>;
}

/** What the export's `data` holds: one list per feature, filled by each `@Exporter()`. */
const USER_DATA: SchemaObject = { type: 'object', properties: {}, required: [] };

/** The schema of the export's `data`, every registered feature in it. */
export const USER_DATA_EXPORT = namedSchema('UserDataExport', USER_DATA);

const ExporterMark = DiscoveryService.createDecorator<ExporterOptions>();

/**
 * Marks a provider as a `UserDataExporter` of `features`. Each feature's list joins the
 * export's OpenAPI schema when the class is defined (before the document is made).
 */
export const Exporter = (options: ExporterOptions): ClassDecorator => {
  for (const [feature, item] of Object.entries(options.features)) {
    USER_DATA.properties![feature] = arrayOf(item, `Up to 100 items; [] when none is left`);
    if (!USER_DATA.required!.includes(feature)) USER_DATA.required!.push(feature);
  }
  return ExporterMark(options);
};

/** Every registered exporter of the application, with the features it declared. */
export const registeredExporters = (
  discovery: DiscoveryService,
): { exporter: UserDataExporter; features: string[] }[] =>
  markedProviders<UserDataExporter>(discovery, ExporterMark.KEY).map((p) => ({
    exporter: p.instance,
    features: Object.keys(featuresOf(p.type)),
  }));

const featuresOf = (type: MarkedClass): Record<string, Schema> =>
  (Reflect.getMetadata(ExporterMark.KEY, type) as ExporterOptions).features;

/**
 * The chunk of rows fetched for a keyset export: fetch `limit + 1` rows in key order; the
 * extra row only says another chunk follows, whose cursor is the last kept row's key.
 */
export function exportChunk<R>(
  rows: R[],
  limit: number,
  cursorOf: (row: R) => ExportCursor,
  view: (row: R) => Record<string, unknown>,
): ExportChunk {
  const kept = rows.slice(0, limit);
  return {
    items: kept.map(view),
    ...(rows.length > limit && { nextCursor: cursorOf(kept[kept.length - 1]) }),
  };
}
