import type { DocumentBuilder, SecuritySchemeObject } from '@nestjs/swagger';
import { HEADER } from './headers';

const header = (name: string, description: string): SecuritySchemeObject => ({
  type: 'apiKey',
  in: 'header',
  name,
  description,
});

/** The credential headers as OpenAPI security schemes; the auth decorators require them. */
export const SECURITY_SCHEMES = {
  adminToken: header(HEADER.adminToken, "The server's ADMIN_TOKEN (workspace creation)"),
  workspaceId: header(HEADER.workspaceId, 'The workspace id (workspace level)'),
  authToken: header(
    HEADER.authToken,
    "The workspace auth token (workspace level) or one of the API key's auth tokens (API-key level)",
  ),
  workspaceAuthToken: header(
    HEADER.workspaceAuthToken,
    'The workspace auth token under its hosted header name (workspace level)',
  ),
  apiKey: header(HEADER.apiKey, 'The API key (API-key level)'),
} as const;

export type SecuritySchemeName = keyof typeof SECURITY_SCHEMES;

/** Adds every credential header's security scheme to the OpenAPI document. */
export function withSecuritySchemes(builder: DocumentBuilder): DocumentBuilder {
  for (const [name, scheme] of Object.entries(SECURITY_SCHEMES)) builder.addSecurity(name, scheme);
  return builder;
}
