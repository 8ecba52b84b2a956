import type { QueryBus } from '@nestjs/cqrs';
import type { AppConfig } from '@app/platform';
import type { ApiKeyTenant } from '@app/workspaces';
import type { AiRateLimiter } from '../../rate-limit/ai-rate-limiter';
import type { AiUsageRecorder } from '../../read-models/ai-usage.recorder';
import type {
  Completion,
  CompletionRequest,
  ProviderClient,
} from '../../providers/provider-client';
import { AskAiCommand } from './ask-ai.command';
import { AskAiHandler } from './ask-ai.handler';

const DEADLINE_MS = 100;
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

/** A provider whose SDK takes `loadMs` to load the first time and `answerMs` to answer. */
function provider(loadMs: number, answerMs: number): ProviderClient {
  let loaded: Promise<void> | undefined;
  const load = () => (loaded ??= sleep(loadMs));
  return {
    provider: 'openai',
    load,
    async complete(r: CompletionRequest): Promise<Completion> {
      await load(); // as the real clients do: a call that finds the SDK unloaded loads it
      await sleep(answerMs, r.signal);
      return { text: 'rewritten', inputTokens: 1, outputTokens: 1 };
    },
  };
}

function handlerWith(client: ProviderClient, outcomes: string[] = []) {
  const queries = { execute: async () => ({ apiKey: 'provider-key' }) } as unknown as QueryBus;
  const limiter = { take: () => undefined } as unknown as AiRateLimiter;
  const usage = {
    record: async ({ outcome }: { outcome: string }) => void outcomes.push(outcome),
  } as unknown as AiUsageRecorder;
  const config = { aiTimeoutMs: DEADLINE_MS } as AppConfig;
  return new AskAiHandler(queries, limiter, usage, [client], config);
}

const ask = () =>
  new AskAiCommand({
    tenant: { workspaceId: 'w1', apiKey: 'k1', requestId: 'r1' } as unknown as ApiKeyTenant,
    model: 'gpt-4o',
    prompt: 'Shorter',
    text: 'A long text',
  });

describe('Ask AI: the deadline', () => {
  it("starts once the provider's SDK is loaded: a slow first load is not the provider's time", async () => {
    const answer = await handlerWith(provider(3 * DEADLINE_MS, 10)).execute(ask());
    expect(answer).toEqual({ success: true, text: 'rewritten' });
  });

  it('still stops a provider that answers after it', async () => {
    await expect(handlerWith(provider(0, 3 * DEADLINE_MS)).execute(ask())).rejects.toMatchObject({
      status: 'DEADLINE_EXCEEDED',
    });
  });

  it('answers an SDK that fails to load as any failed provider call, and records it', async () => {
    const outcomes: string[] = [];
    const broken: ProviderClient = {
      ...provider(0, 0),
      load: () => Promise.reject(new Error('Cannot find module openai')),
    };
    const failure = await handlerWith(broken, outcomes)
      .execute(ask())
      .catch((e: unknown) => e);
    expect(failure).toMatchObject({ name: 'ServiceError' });
    expect(outcomes).toEqual([(failure as { status: string }).status]);
  });
});
