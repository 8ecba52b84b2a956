import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository, streamTarget } from '@app/event-store';
import { MAX_BATCH_ITEMS, ServiceError } from '@app/platform';
import { metadataOf } from '@app/workspaces';
import {
  NOTIFICATION_SETTINGS_STREAM_TYPE,
  notificationSettingsStream,
  SETTINGS_SET_MESSAGE,
  UserNotificationSettings,
} from '../../domain/notification-settings.aggregate';
import type { NotificationSettingsRef } from '../../domain/notification-settings.events';
import {
  SetNotificationSettingsCommand,
  type UserSettingsSet,
} from './set-notification-settings.command';

/**
 * Loads every (user, level) stream in one query, merges the channels into each and appends
 * what changed in one transaction: all of them are set, or none (a conflict decides again).
 */
@CommandHandler(SetNotificationSettingsCommand)
export class SetNotificationSettingsHandler implements ICommandHandler<SetNotificationSettingsCommand> {
  constructor(private readonly repository: AggregateRepository) {}

  async execute(command: SetNotificationSettingsCommand): Promise<Record<string, UserSettingsSet>> {
    const { tenant, organizationId, channels } = command;
    // A repeated id asks for the same thing twice: once is enough.
    const userIds = [...new Set(command.userIds)];
    const documentIds = command.documentIds && [...new Set(command.documentIds)];
    const levels = documentIds ?? [''];
    if (userIds.length * levels.length > MAX_BATCH_ITEMS) {
      throw ServiceError.invalidField(
        'data.documentIds',
        `userIds × documentIds must be at most ${MAX_BATCH_ITEMS} settings per call`,
      );
    }
    const refs: NotificationSettingsRef[] = userIds.flatMap((userId) =>
      levels.map((documentId) => ({ apiKey: tenant.apiKey, organizationId, documentId, userId })),
    );
    await this.repository.updateMany(
      refs.map((ref) =>
        streamTarget(
          NOTIFICATION_SETTINGS_STREAM_TYPE,
          notificationSettingsStream(ref),
          () => new UserNotificationSettings(ref),
        ),
      ),
      metadataOf(tenant),
      {
        decide: (settings) => {
          const at = Date.now();
          for (const userSettings of settings) userSettings.set(channels, at);
        },
      },
    );
    const where =
      documentIds === undefined
        ? {}
        : documentIds.length === 1
          ? { documentId: documentIds[0] }
          : { documentIds };
    return Object.fromEntries(
      userIds.map((userId) => [
        userId,
        { success: true, userId, ...where, message: SETTINGS_SET_MESSAGE },
      ]),
    );
  }
}
