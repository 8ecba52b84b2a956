import { Command } from '@nestjs/cqrs';
import type { ApiKeyTenant } from '@app/workspaces';

/** Operation 13: every kind of collaboration data at one location of a document. */
export class DeleteLocationDataCommand extends Command<null> {
  constructor(
    readonly tenant: ApiKeyTenant,
    readonly documentId: string,
    readonly locationId: string,
    /** Absent: the document of that id in every organization of the key (the hosted body has none). */
    readonly organizationId?: string,
  ) {
    super();
  }
}
