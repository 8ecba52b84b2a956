import { AdvancedWebhookSettings, DEFAULT_ADVANCED_CONFIG } from './webhook-settings.aggregate';
import { AdvancedSettingsMovedIn } from './webhook-settings.events';

const made = (endpointId: string, at: number) => ({
  endpointId,
  sealedSecret: `sealed-${endpointId}`,
  allowPrivateTargets: false,
  at,
});

/** The settings as stored: `decide` applied, its events taken and loaded into a fresh one. */
function replayed(decide: (s: AdvancedWebhookSettings) => void): AdvancedWebhookSettings {
  const first = new AdvancedWebhookSettings('key');
  decide(first);
  return new AdvancedWebhookSettings('key').load(first.takePendingEvents() as never);
}

describe('AdvancedWebhookSettings', () => {
  it('refuses a first configuration that does not enable, and endpoints before it', () => {
    const settings = new AdvancedWebhookSettings('key');
    expect(() => settings.updateConfig({ encodeData: true }, 1)).toThrow(/must enable it/);
    expect(() => settings.addEndpoint({ url: 'https://a.example.com' }, made('e1', 1))).toThrow(
      /not configured/,
    );
    expect(settings.takePendingEvents()).toEqual([]);
  });

  it('gives endpoints the next seq, after those moved in or deleted', () => {
    const settings = replayed((s) => {
      s.updateConfig({ isEnabled: true }, 1);
      s.addEndpoint({ url: 'https://a.example.com' }, made('e1', 2));
      s.addEndpoint({ url: 'https://b.example.com' }, made('e2', 3));
      s.deleteEndpoint('e2', 4);
    });
    const third = settings.addEndpoint({ url: 'https://c.example.com' }, made('e3', 5));
    expect(third.seq).toBe(3);
    expect([...settings.endpoints.keys()]).toEqual(['e1', 'e3']);
  });

  it('never gives again a seq the moved-in event counted, even of a deleted endpoint', () => {
    const settings = new AdvancedWebhookSettings('key').load([
      AdvancedSettingsMovedIn({
        apiKey: 'key',
        config: { ...DEFAULT_ADVANCED_CONFIG, isEnabled: true },
        configUpdatedAt: 1,
        endpoints: [],
        lastSeq: 7,
      }),
    ] as never);
    expect(settings.addEndpoint({ url: 'https://a.example.com' }, made('e1', 2)).seq).toBe(8);
  });

  it('keeps fields not sent on update; an unknown endpoint is not found', () => {
    const settings = replayed((s) => {
      s.updateConfig({ isEnabled: true }, 1);
      s.addEndpoint({ url: 'https://a.example.com', description: 'A', uid: 'u' }, made('e1', 2));
    });
    const updated = settings.updateEndpoint(
      'e1',
      { disabled: true, description: undefined },
      { allowPrivateTargets: false, at: 9 },
    );
    expect(updated).toMatchObject({ description: 'A', uid: 'u', disabled: true, updatedAt: 9 });
    expect(settings.takePendingEvents().map((e) => e.data)).toEqual([
      { apiKey: 'key', endpointId: 'e1', changes: { disabled: true }, at: 9 },
    ]);
    expect(() =>
      settings.updateEndpoint('nope', { disabled: true }, { allowPrivateTargets: false, at: 10 }),
    ).toThrow(/not found/);
    expect(() =>
      settings.updateEndpoint(
        'e1',
        { url: 'http://127.0.0.1/x' },
        { allowPrivateTargets: false, at: 10 },
      ),
    ).toThrow(/private or loopback/);
  });
});
