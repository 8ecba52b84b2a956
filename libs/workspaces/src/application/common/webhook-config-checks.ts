import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, SecretBox, type AppConfig } from '@app/platform';
import type { WebhookConfigContext } from '../../domain/webhook-config';

/** What webhook configuration checks (operations 1 and 4) need from the server: sealing and the D11.6 switch. */
@Injectable()
export class WebhookConfigChecks {
  constructor(
    private readonly box: SecretBox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  context(): WebhookConfigContext {
    return {
      seal: (secret) => this.box.seal(secret),
      allowPrivateTargets: this.config.webhookAllowPrivateTargets,
    };
  }
}
