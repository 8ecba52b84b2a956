import type { OpenAPIObject } from '@nestjs/swagger';
import { requestSchemas } from './request-schemas';
import { COMPONENTS, namedSchemas } from './schema';

/** `/v2/organizations/documents/add` → `v2OrganizationsDocumentsAdd`: stable, one per path. */
export const operationIdOf = (path: string): string =>
  path
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word, i) => (i === 0 ? word : word[0].toUpperCase() + word.slice(1)))
    .join('');

function refsIn(value: unknown, found: Set<string>): Set<string> {
  if (Array.isArray(value)) value.forEach((item) => refsIn(item, found));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string') found.add(item);
      else refsIn(item, found);
    }
  }
  return found;
}

/**
 * What SwaggerModule's scan cannot know: the request classes' schemas (from their
 * class-validator rules), the named response schemas and envelopes, and an operationId per
 * path. Every `$ref` must then resolve, or the document is not served (an error, at the
 * first request for it: test/openapi.e2e-spec.ts reads it).
 */
export function completeOpenApiDocument(document: OpenAPIObject): OpenAPIObject {
  document.components = {
    ...document.components,
    schemas: {
      ...document.components?.schemas,
      ...requestSchemas(),
      ...Object.fromEntries(namedSchemas()),
    },
  };
  for (const [path, item] of Object.entries(document.paths)) {
    for (const operation of [item.get, item.post, item.put, item.patch, item.delete]) {
      if (operation) operation.operationId = operationIdOf(path);
    }
  }
  const schemas = document.components.schemas ?? {};
  for (const target of refsIn(document, new Set())) {
    const name = target.startsWith(COMPONENTS) ? target.slice(COMPONENTS.length) : undefined;
    if (!name || !(name in schemas)) throw new Error(`OpenAPI: ${target} does not resolve`);
  }
  return document;
}
