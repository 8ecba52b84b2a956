import type { AppConfig, SecretBox } from '@app/platform';
import type { DataSource } from 'typeorm';
import type { EmailConfigReader } from '../application/common/email-config.reader';
import type { ClaimedEmail, EmailDeliveries, EmailRecord } from './email-deliveries';
import { EmailWorker } from './email-worker';
import type { EmailSendOutcome } from './outgoing-email';
import type { SendGridSender } from './senders/sendgrid-sender';
import type { SmtpSender } from './senders/smtp-sender';

/** Waits until `done` holds, looking every few ms (never a fixed wait proving absence). */
async function until(done: () => boolean): Promise<void> {
  const deadline = Date.now() + 3_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 2));
  }
}

/** An EmailWorker over fakes: claims answer `claims` one after another, then nothing. */
function workerWith(opts: {
  claims: ClaimedEmail[][];
  send?: () => Promise<EmailSendOutcome>;
  record?: (records: EmailRecord[]) => Promise<void>;
  readConfigs?: () => Promise<Map<string, unknown>>;
}) {
  const calls = {
    claims: 0,
    claimedAt: [] as number[],
    sends: 0,
    records: [] as EmailRecord[][],
    released: [] as string[],
  };
  const deliveries = {
    claimDue: () => {
      calls.claimedAt.push(Date.now());
      return Promise.resolve(opts.claims[calls.claims++] ?? []);
    },
    record: (records: EmailRecord[]) => {
      calls.records.push(records);
      return opts.record ? opts.record(records) : Promise.resolve();
    },
    renew: () => Promise.resolve(),
    release: (emails: ClaimedEmail[]) => {
      calls.released.push(...emails.map((e) => e.id));
      return Promise.resolve();
    },
  } as unknown as EmailDeliveries;
  const smtp = {
    send: () => {
      calls.sends++;
      return opts.send ? opts.send() : Promise.resolve({ sent: true });
    },
  } as unknown as SmtpSender;
  const configs = {
    read: () => (opts.readConfigs ? opts.readConfigs() : Promise.resolve(new Map())),
  } as unknown as EmailConfigReader;
  const box = { open: () => '{}' } as unknown as SecretBox;
  const worker = new EmailWorker(
    deliveries,
    smtp,
    {} as SendGridSender,
    configs,
    box,
    { manager: {} } as unknown as DataSource,
    { emailRetryScale: 1 } as AppConfig,
  );
  return { worker, calls };
}

const email = (id: string, attempts: number, provider: 'smtp' | 'sendgrid' = 'smtp') =>
  ({ id, apiKey: 'k', provider, messageSealed: 'sealed', attempts }) as ClaimedEmail;

describe('EmailWorker (fakes for the rows and the relay)', () => {
  let worker: EmailWorker | undefined;
  afterEach(async () => {
    await worker?.onModuleDestroy();
    worker = undefined;
  });

  it('writes an outcome again after a failed write (a blip) rather than dropping it', async () => {
    let failures = 1;
    const fake = workerWith({
      claims: [[email('e1', 1)]],
      record: () => (failures-- > 0 ? Promise.reject(new Error('blip')) : Promise.resolve()),
    });
    worker = fake.worker;
    worker.onApplicationBootstrap();
    await until(() => fake.calls.records.length === 2);
    expect(fake.calls.records[1]).toEqual([{ id: 'e1', attempts: 1, kind: 'sent' }]);
  });

  it('does not send again an email it claims again while sending it; records the new attempt', async () => {
    let finish: (o: EmailSendOutcome) => void = () => undefined;
    const fake = workerWith({
      claims: [[email('e1', 1)], [email('e1', 2)]],
      send: () => new Promise((r) => (finish = r)),
    });
    worker = fake.worker;
    worker.onApplicationBootstrap();
    await until(() => fake.calls.sends === 1);
    worker.wake();
    await until(() => fake.calls.claims >= 2);
    finish({ sent: true });
    await until(() => fake.calls.records.length === 1);
    expect(fake.calls.sends).toBe(1);
    expect(fake.calls.records[0]).toEqual([{ id: 'e1', attempts: 2, kind: 'sent' }]);
  });

  it('releases what it claimed when the SendGrid keys cannot be read', async () => {
    const fake = workerWith({
      claims: [[email('e1', 1, 'sendgrid'), email('e2', 3)]],
      readConfigs: () => Promise.reject(new Error('down')),
    });
    worker = fake.worker;
    worker.onApplicationBootstrap();
    await until(() => fake.calls.released.length === 2);
    expect(fake.calls.released).toEqual(['e1', 'e2']);
    expect(fake.calls.sends).toBe(0);
  });

  it('waits for the poll before claiming again when the keys cannot be read (no tight loop)', async () => {
    // Full claims: the loop would go on at once if the failure did not end the round.
    const full = () => Array.from({ length: 64 }, (_, i) => email(`e${i}`, 1, 'sendgrid'));
    const fake = workerWith({
      claims: [full(), full(), full()],
      readConfigs: () => Promise.reject(new Error('down')),
    });
    worker = fake.worker;
    worker.onApplicationBootstrap();
    await until(() => fake.calls.claimedAt.length >= 2);
    const [first, second] = fake.calls.claimedAt;
    expect(second - first).toBeGreaterThanOrEqual(900);
  });
});
