import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository } from '@app/event-store';
import { APP_CONFIG, SecretBox, ServiceError, type AppConfig } from '@app/platform';
import { metadataOf } from '@app/workspaces';
import { NO_EMAIL_CONFIG, type EmailConfigChange } from '../../domain/email-config';
import { emailSettingsTarget } from '../../domain/email-settings.aggregate';
import { readEmailConfigs } from '../../read-models/stored-email-configs';
import {
  emailConfigView,
  maskOfSealed,
  openedKey,
  type EmailConfigView,
} from '../common/email-config-view';
import { UpdateEmailConfigCommand } from './update-email-config.command';

const MASK_PREFIX = '...';
const DYNAMIC_TEMPLATE_PREFIX = 'd-';
const NOT_THE_STORED_MASK =
  'apiKey looks masked ("..." and its last characters) but is not the mask of the stored key: send the SendGrid key itself, the mask emailconfig/get shows to keep it, or "" to clear it';

const NOTHING_TO_UPDATE = 'At least one of useEmailService or emailServiceConfig must be provided';

/**
 * Merges the update into the key's email configuration (hosted rules, D14.1). The SendGrid
 * key is sealed before it enters the event; its mask sent back (a client saving what `get`
 * showed) keeps the stored key, `''` clears it.
 */
@CommandHandler(UpdateEmailConfigCommand)
export class UpdateEmailConfigHandler implements ICommandHandler<UpdateEmailConfigCommand> {
  constructor(
    private readonly repository: AggregateRepository,
    private readonly box: SecretBox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ tenant, input }: UpdateEmailConfigCommand): Promise<EmailConfigView> {
    if (input.useEmailService === undefined && input.emailServiceConfig === undefined) {
      throw new ServiceError('INVALID_ARGUMENT', NOTHING_TO_UPDATE, {
        fields: [{ field: 'data', message: NOTHING_TO_UPDATE }],
      });
    }
    // SendGrid takes an id not starting `d-` as a legacy template and drops the dynamic data
    // without a word: refused here ('' clears the id).
    for (const field of ['commentTemplateId', 'tagTemplateId'] as const) {
      const id = input.emailServiceConfig?.[field];
      if (id && !id.startsWith(DYNAMIC_TEMPLATE_PREFIX)) {
        throw ServiceError.invalidField(
          `data.emailServiceConfig.${field}`,
          `${field} must be a SendGrid dynamic template id (starting "d-"), or "" for none`,
        );
      }
    }
    const { apiKey: givenKey, ...fields } = input.emailServiceConfig ?? {};
    // Sealed once, outside the retry loop.
    const sealedGiven = givenKey ? this.box.seal(givenKey) : givenKey;
    const stored = await this.repository.update(
      emailSettingsTarget(tenant.apiKey),
      metadataOf(tenant),
      {
        before: async (m) => ({
          initial:
            (await readEmailConfigs(m, [tenant.apiKey])).get(tenant.apiKey)?.config ??
            NO_EMAIL_CONFIG,
        }),
        decide: (settings, { prepared }) => {
          const current = settings.config ?? prepared.initial;
          const storedKey = current.sealedApiKey ? openedKey(this.box, current.sealedApiKey) : '';
          // The stored key's mask (`...` for one that cannot be opened, as get shows it), or
          // the stored key itself sent again (sealed anew it would record a change of nothing).
          const keepsKey =
            givenKey !== undefined &&
            givenKey !== '' &&
            current.sealedApiKey !== '' &&
            (givenKey === maskOfSealed(this.box, current.sealedApiKey) || givenKey === storedKey);
          // A mask that is not the stored key's is a client's mistake: stored, it would
          // replace the real key with four characters of it (no SendGrid key starts "...").
          if (givenKey?.startsWith(MASK_PREFIX) && !keepsKey) {
            throw ServiceError.invalidField('data.emailServiceConfig.apiKey', NOT_THE_STORED_MASK);
          }
          const change: EmailConfigChange = {
            useEmailService: input.useEmailService,
            ...(input.emailServiceConfig && {
              emailServiceConfig: {
                ...fields,
                ...(sealedGiven !== undefined && !keepsKey && { sealedApiKey: sealedGiven }),
              },
            }),
          };
          return settings.configure(change, {
            initial: prepared.initial,
            smtpConfigured: Boolean(this.config.smtpUrl),
            at: Date.now(),
          });
        },
      },
    );
    return emailConfigView(stored, this.box);
  }
}
