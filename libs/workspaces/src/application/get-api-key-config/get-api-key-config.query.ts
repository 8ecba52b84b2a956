import { Query } from '@nestjs/cqrs';
import type { ApiKeyTenant } from '../../auth/tenant';
import type { DocumentAccessType } from '../../domain/api-key.events';
import type { AiProvider } from '../../domain/workspace.events';

/** The hosted fields of `apikeyconfig/get` (D3.4), then our options. */
export interface ApiKeyConfigView {
  apiKey: string;
  ownerEmail: string;
  planInfo?: { type?: string };
  defaultDocumentAccessType: DocumentAccessType;
  isPrivateCommentsEnabled: boolean;
  requireJwtToken: boolean;
  requireAutoOrgUser: boolean;
  /** The key's own provider keys, masked; absent when it has none. */
  aiModelsConfig?: Partial<Record<AiProvider, { displayText: string }>>;
  advancedQueriesEnabled: boolean;
  activityServiceEnabled: boolean;
}

/** D3.4: `POST /v2/workspace/apikeyconfig/get`, at API-key level (the hosted call). */
export class GetApiKeyConfigQuery extends Query<ApiKeyConfigView> {
  constructor(readonly tenant: ApiKeyTenant) {
    super();
  }
}
