/** A row of `organizations` as operation 8 returns it (D6.1). */
export interface OrganizationRow {
  organization_id: string;
  organization_name: string;
  disabled: boolean;
  metadata: Record<string, unknown>;
  created_at: string;
  last_updated: string;
}

export interface OrganizationView extends Record<string, unknown> {
  id: string;
  organizationName: string;
  disabled: boolean;
  createdAt: number;
  lastUpdated: number;
}

export function toOrganizationView(row: OrganizationRow): OrganizationView {
  return {
    id: row.organization_id,
    organizationName: row.organization_name,
    disabled: row.disabled,
    createdAt: Number(row.created_at),
    lastUpdated: Number(row.last_updated),
    ...row.metadata,
  };
}
