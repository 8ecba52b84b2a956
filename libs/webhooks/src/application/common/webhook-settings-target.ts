import {
  WEBHOOK_SETTINGS_STREAM_TYPE,
  AdvancedWebhookSettings,
  webhookSettingsStream,
} from '../../domain/webhook-settings.aggregate';

/** The stream of an API key's advanced webhook settings, for `AggregateRepository.update`. */
export const webhookSettingsOf = (apiKey: string) => ({
  streamId: webhookSettingsStream(apiKey),
  streamType: WEBHOOK_SETTINGS_STREAM_TYPE,
  create: () => new AdvancedWebhookSettings(apiKey),
});
