import type { ItemResult } from '@app/event-store';

/**
 * A deleted organization's item also names its deletion (the id of its OrganizationDeleted
 * event), whose progress `organizations/delete/status/get` reads.
 */
export type DeletionResult = Record<string, ItemResult & { deletionId?: string }>;
