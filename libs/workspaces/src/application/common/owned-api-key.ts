import { ServiceError } from '@app/platform';
import type { EntityManager } from 'typeorm';
import { ApiKeyRow } from '../../read-models/api-key.entity';

/** An unknown key and another workspace's key answer alike (D2.3). */
export const apiKeyNotFound = () => new ServiceError('NOT_FOUND', 'API key not found.');

/**
 * The API key row if it belongs to the workspace; an unknown key and another workspace's
 * key both answer NOT_FOUND (D2.3), so the answer tells nothing about other tenants.
 */
export async function findOwnedApiKey(
  m: EntityManager,
  workspaceId: string,
  apiKey: string,
): Promise<ApiKeyRow> {
  const row = await m.findOneBy(ApiKeyRow, { apiKey, workspaceId });
  if (!row) throw apiKeyNotFound();
  return row;
}
