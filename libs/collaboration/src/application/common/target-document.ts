import { Injectable } from '@nestjs/common';
import { DocumentDirectory } from '@app/documents';
import type { AggregateToSave } from '@app/event-store';
import { OrganizationScope } from '@app/organizations';
import type { EntityManager } from 'typeorm';
import { lockNumbering } from '../../read-models/annotation-numbers';
import { documentUseOf, type RecordTarget } from './record-target';

/**
 * The document a collaboration write acts in, in the write's transaction: it must exist
 * (NOT_FOUND), unless the caller asked to make a missing one (`createDocument`) and its
 * organization (`createOrganization`), as the hosted adds do. What it made is appended with
 * the write's own events, so a refused write makes nothing. Only deletions work in a
 * disabled organization or document; every other write is refused (D6.6).
 */
@Injectable()
export class TargetDocument {
  constructor(
    private readonly organizations: OrganizationScope,
    private readonly documents: DocumentDirectory,
  ) {}

  async open(target: RecordTarget, manager: EntityManager): Promise<AggregateToSave[]> {
    const { tenant, organizationId, documentId, create } = target;
    const { apiKey } = tenant;
    const use = documentUseOf(target);
    // An annotation write may number a new annotation: one such write of a document at a time.
    if (target.kind === 'comment-annotation') {
      await lockNumbering(manager, { apiKey, organizationId, documentId });
    }
    if (!create?.organization && !create?.document) {
      await this.documents.require(apiKey, organizationId, documentId, manager, use);
      return [];
    }
    const at = Date.now();
    const scope = await this.organizations.open(manager, {
      apiKey,
      organizationId,
      createOrganization: create.organization,
      organizationName: create.organizationName,
      at,
    });
    const document = await this.documents.open(manager, {
      apiKey,
      organizationId,
      documentId,
      createDocument: create.document,
      documentName: create.documentName,
      accessType: tenant.options.defaultDocumentAccessType,
      at,
      use,
    });
    return [...scope.toSave, ...document];
  }
}
