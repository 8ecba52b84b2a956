import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { SetNotificationSettingsCommand } from '@app/notifications';
import { SERVER_SECRETS, type ServerSecrets } from '@app/platform';
import type { ApiKeyOptions, ApiKeyTenant } from '@app/workspaces';
import { DataSource } from 'typeorm';
import { unsubscribeKey, verifyUnsubscribeToken, type UnsubscribeTarget } from './unsubscribe-link';

/**
 * Turns a valid link's target to `NONE` on the email channel for its one document, through
 * the notification settings' own command (the same event `config/set` records). Once is
 * enough: a second click changes nothing and records nothing.
 */
@Injectable()
export class Unsubscriber {
  private readonly key: Buffer;

  constructor(
    @Inject(SERVER_SECRETS) secrets: ServerSecrets,
    private readonly dataSource: DataSource,
    private readonly commands: CommandBus,
  ) {
    this.key = unsubscribeKey(secrets.encryptionKey);
  }

  /** The target of a token this server signed; undefined for any other. */
  targetOf(token: unknown): UnsubscribeTarget | undefined {
    return verifyUnsubscribeToken(this.key, token);
  }

  /**
   * Sets the setting; false, writing nothing, when the API key or the organization no longer
   * exists: their emails stopped with them, and a setting written now would bring back data
   * of a deleted organization (its settings were deleted with it). An organization that sent
   * an email has its read row (documents and comments make it in their transaction).
   * A user erased since (GDPR) cannot be told apart: the server keeps no erased ids (D8.3),
   * so their own click writes their id's document-level setting again.
   */
  async unsubscribe(target: UnsubscribeTarget, requestId: string): Promise<boolean> {
    const [key]: { workspace_id: string; options: ApiKeyOptions }[] = await this.dataSource.query(
      `SELECT workspace_id, options FROM api_keys WHERE api_key = $1`,
      [target.apiKey],
    );
    if (!key) return false;
    const organizations: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM organizations WHERE api_key = $1 AND organization_id = $2`,
      [target.apiKey, target.organizationId],
    );
    if (organizations.length === 0) return false;
    const tenant: ApiKeyTenant = {
      workspaceId: key.workspace_id,
      requestId,
      apiKey: target.apiKey,
      options: key.options,
    };
    await this.commands.execute(
      new SetNotificationSettingsCommand({
        tenant,
        organizationId: target.organizationId,
        documentIds: [target.documentId],
        userIds: [target.userId],
        channels: { email: 'NONE' },
      }),
    );
    return true;
  }
}
