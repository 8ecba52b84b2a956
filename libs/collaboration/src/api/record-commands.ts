import type { ApiKeyTenant } from '@app/workspaces';
import type { RecordKind } from '../domain/collab-record.events';
import type { RecordTarget } from '../application/common/record-target';
import type { CreateDocumentDto, CreateOrganizationDto } from './dto/create-flags.dto';

/** The document and kind a request acts on. */
export const targetOf = (
  tenant: ApiKeyTenant,
  kind: RecordKind,
  data: { organizationId: string; documentId: string },
): RecordTarget => ({
  tenant,
  kind,
  organizationId: data.organizationId,
  documentId: data.documentId,
});

/** The target of a hosted add, with its create flags. */
export const addTargetOf = (
  tenant: ApiKeyTenant,
  kind: RecordKind,
  data: {
    organizationId: string;
    documentId: string;
    createOrganization?: CreateOrganizationDto;
    createDocument?: CreateDocumentDto;
  },
): RecordTarget => ({
  ...targetOf(tenant, kind, data),
  create: {
    organization: data.createOrganization !== undefined,
    organizationName: data.createOrganization?.organizationName,
    document: data.createDocument !== undefined,
    documentName: data.createDocument?.documentName,
  },
});

/** `documentId` and `documentIds` of a read, merged. */
export const documentsOf = (data: { documentId?: string; documentIds?: string[] }) =>
  data.documentId !== undefined ? [data.documentId, ...(data.documentIds ?? [])] : data.documentIds;
