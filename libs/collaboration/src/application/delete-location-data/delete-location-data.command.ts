import { CommandOf } from '@app/platform';
import type { ApiKeyTenant } from '@app/workspaces';

/** Operation 13: every kind of collaboration data at one location of a document. */
export class DeleteLocationDataCommand extends CommandOf<
  {
    tenant: ApiKeyTenant;
    documentId: string;
    locationId: string;
    /** Absent: the document of that id in every organization of the key (the hosted body has none). */
    organizationId?: string;
  },
  null
>() {}
