import type { ApiKeyRow } from '../../read-models/api-key.entity';
import type { ApiKeySummary } from '../get-workspace/get-workspace.query';

/** A key as the workspace reads list it: id, name and type, never a token or secret. */
export const apiKeySummaryOf = (row: Pick<ApiKeyRow, 'apiKey' | 'settings'>): ApiKeySummary => ({
  id: row.apiKey,
  apiKeyName: row.settings.apiKeyName,
  type: row.settings.type,
});
