import { ApiKey, DEFAULT_API_KEY_OPTIONS } from './api-key.aggregate';
import { ApiKeyCreated, DomainsAdded, NotificationConfigUpdated } from './api-key.events';

const created = ApiKeyCreated({
  apiKey: 'k1',
  workspaceId: 'w1',
  ownerEmail: 'a@example.com',
  type: 'testing',
  apiKeyName: 'key',
  allowedDomains: ['example.com'],
  useEmailService: false,
  useWebhookService: false,
  webhookServiceConfig: {},
  sealedWebhookSecret: 'v1.x.y.z',
  options: DEFAULT_API_KEY_OPTIONS,
  createdAt: 0,
});

describe('ApiKey aggregate', () => {
  it('given a key with a domain, adding domains skips known and repeated ones', () => {
    const key = new ApiKey().load([created]);
    const result = key.addDomains(['example.com', 'new.com', 'new.com']);
    expect(result).toEqual({ added: ['new.com'], skipped: ['example.com', 'new.com'] });
    expect(key.takePendingEvents()).toEqual([DomainsAdded({ domains: ['new.com'] })]);
  });

  it('raises nothing when every domain is known', () => {
    const key = new ApiKey().load([created, DomainsAdded({ domains: ['b.com'] })]);
    expect(key.addDomains(['b.com'])).toEqual({ added: [], skipped: ['b.com'] });
    expect(key.takePendingEvents()).toEqual([]);
    expect(key.version).toBe(2);
  });

  it('updates options on top of the current ones', () => {
    const key = new ApiKey().load([created]);
    expect(key.updateOptions({ activityServiceEnabled: true }, 0)).toEqual({
      ...DEFAULT_API_KEY_OPTIONS,
      activityServiceEnabled: true,
    });
  });

  it('records the whole notification switch when it changes, and nothing when it does not', () => {
    const key = new ApiKey().load([created]);
    key.updateNotificationConfig({ useNotificationService: false, notificationServiceConfig: {} });
    expect(key.takePendingEvents()).toEqual([]);
    const next = {
      useNotificationService: true,
      notificationServiceConfig: { delayConfig: { isEnabled: true, delaySeconds: 30 } },
    };
    key.updateNotificationConfig(next);
    key.updateNotificationConfig(JSON.parse(JSON.stringify(next)));
    expect(key.takePendingEvents()).toEqual([NotificationConfigUpdated(next)]);
    expect(key.notifications).toEqual(next);
  });
});
