import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { ServiceError } from '@app/platform';
import {
  organizationVerdict,
  resourceVerdict,
  type Resource,
  type UserGrants,
} from '../common/access-facts';
import { AccessReader } from '../common/access-reader';
import { GetPermissionsQuery, type UserAccessView } from './get-permissions.query';

const MISSING = {
  folder: { error: 'Folder does not exist', errorCode: 'does_not_exist' },
  document: { error: 'Document does not exist', errorCode: 'does_not_exist' },
} as const;

/**
 * Effective access (D15.3), as the hosted page shows it: per user, the organization, each
 * folder and each document asked for, granted with a role or refused with a reason. A folder
 * or document that does not exist answers NOT_FOUND with the same map in `details` (hosted).
 */
const MAX_VERDICTS = 10_000;

@QueryHandler(GetPermissionsQuery)
export class GetPermissionsHandler implements IQueryHandler<GetPermissionsQuery> {
  constructor(private readonly reader: AccessReader) {}

  async execute(query: GetPermissionsQuery): Promise<Record<string, UserAccessView>> {
    const { tenant, organizationId, folderIds, documentIds } = query;
    const { apiKey } = tenant;
    const userIds = [...new Set(query.userIds)];
    // One verdict per user and resource: bounded, so one call cannot build a huge answer.
    const verdicts = userIds.length * (1 + new Set(folderIds).size + new Set(documentIds).size);
    if (verdicts > MAX_VERDICTS) {
      throw ServiceError.invalidField(
        'data.userIds',
        `asks for ${verdicts} answers (users × resources); at most ${MAX_VERDICTS}: ask for fewer users or resources`,
      );
    }
    const organization = await this.reader.organization(apiKey, organizationId);
    if (!organization) {
      throw new ServiceError('NOT_FOUND', 'Organization does not exist', { organizationId });
    }
    const keyDefault = tenant.options.defaultDocumentAccessType;
    const folders = await this.reader.folders(apiKey, organizationId, folderIds, keyDefault);
    const documents = await this.reader.documents(apiKey, organizationId, documentIds);
    const grants = await this.reader.grants(apiKey, organizationId, userIds);
    const disabled = organization.disabled;

    const judge =
      (ids: string[], found: Map<string, Resource>, kind: keyof typeof MISSING) =>
      (held: UserGrants) =>
        Object.fromEntries(
          ids.map((id) => {
            const resource = found.get(id);
            return [
              id,
              resource ? resourceVerdict(organizationId, resource, held, disabled) : MISSING[kind],
            ];
          }),
        );
    const answer = Object.fromEntries(
      userIds.map((userId) => {
        const held = grants.get(userId)!;
        const view: UserAccessView = {
          organization: { [organizationId]: organizationVerdict(organizationId, held, disabled) },
          ...(folderIds.length > 0 && { folders: judge(folderIds, folders, 'folder')(held) }),
          ...(documentIds.length > 0 && {
            documents: judge(documentIds, documents, 'document')(held),
          }),
        };
        return [userId, view];
      }),
    );
    const missing =
      folderIds.some((id) => !folders.has(id)) || documentIds.some((id) => !documents.has(id));
    if (missing) throw new ServiceError('NOT_FOUND', 'Folder or document does not exist', answer);
    return answer;
  }
}
