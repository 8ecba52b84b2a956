/** An organization as operations 6 and 7 take it: named fields plus kept extra fields (D6.1). */
export interface OrganizationItem {
  organizationId: string;
  organizationName?: string;
  disabled?: boolean;
  metadata: Record<string, unknown>;
}
