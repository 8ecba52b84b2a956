import { defineEvent, type EventOf } from '@app/event-store';

/** Every organization event names its API key and id, so projections never guess the scope. */
interface OrganizationRef {
  apiKey: string;
  organizationId: string;
}

export const OrganizationAdded = defineEvent<
  OrganizationRef & {
    organizationName: string;
    disabled: boolean;
    metadata: Record<string, unknown>;
    at: number;
  }
>()('organizations.organization-added');

/** Only the fields the caller gave; `metadata` is merged into what was there. */
export const OrganizationUpdated = defineEvent<
  OrganizationRef & {
    organizationName?: string;
    disabled?: boolean;
    metadata?: Record<string, unknown>;
    at: number;
  }
>()('organizations.organization-updated');

export const ORGANIZATION_EVENTS = { OrganizationAdded, OrganizationUpdated };
export type OrganizationEvent = EventOf<typeof ORGANIZATION_EVENTS>;
