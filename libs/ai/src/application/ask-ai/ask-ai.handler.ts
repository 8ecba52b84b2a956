import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG, ServiceError, type AppConfig } from '@app/platform';
import { GetAiProviderSettingsQuery, type AiProvider } from '@app/workspaces';
import { KNOWN_PREFIXES, providerOfModel } from '../../domain/model-provider';
import { providerFailure, type StoppedBy } from '../../providers/provider-failure';
import {
  PROVIDER_CLIENTS,
  type Completion,
  type ProviderClient,
} from '../../providers/provider-client';
import { AiRateLimiter } from '../../rate-limit/ai-rate-limiter';
import { AiUsageRecorder } from '../../read-models/ai-usage.recorder';
import { AskAiCommand, type AskAiAnswer } from './ask-ai.command';

/**
 * The call, or the signal's abort, whichever comes first: an SDK may sleep through a
 * provider's Retry-After without looking at the signal (openai does), and the caller must
 * still have its answer at the deadline.
 */
function beforeAbort<T>(call: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason ?? new Error('aborted'));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    call.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * Operation 5 (D12): picks the provider by the model's prefix, checks the workspace's settings
 * and the rate limit, calls the provider's SDK within the deadline and records the usage.
 * Logs name the provider, model and outcome only: never the prompt, the text or the key.
 */
@CommandHandler(AskAiCommand)
export class AskAiHandler implements ICommandHandler<AskAiCommand> {
  private readonly logger = new Logger('AskAi');

  constructor(
    private readonly queries: QueryBus,
    private readonly limiter: AiRateLimiter,
    private readonly usage: AiUsageRecorder,
    @Inject(PROVIDER_CLIENTS) private readonly clients: ProviderClient[],
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ tenant, model, prompt, text, callerSignal }: AskAiCommand): Promise<AskAiAnswer> {
    const provider = providerOfModel(model);
    if (!provider) {
      throw ServiceError.invalidField(
        'data.model',
        `model must start with one of ${KNOWN_PREFIXES.join(', ')}`,
      );
    }
    const settings = await this.queries.execute(
      new GetAiProviderSettingsQuery(tenant.workspaceId, provider, tenant.apiKey),
    );
    if (!settings) {
      return { success: false, error: `No API key is configured for ${provider}` };
    }
    if (settings.models && !settings.models.includes(model)) {
      throw new ServiceError(
        'PERMISSION_DENIED',
        `Model ${model} is not among the models allowed for ${provider}`,
        { provider, model },
      );
    }
    this.limiter.take(tenant.apiKey);
    const client = this.client(provider);

    const started = performance.now();
    let deadline: AbortSignal | undefined;
    const stoppedBy = (): StoppedBy =>
      callerSignal?.aborted ? 'caller' : deadline?.aborted ? 'deadline' : undefined;
    const record = (outcome: string, inputTokens = 0, outputTokens = 0) =>
      this.usage.record({
        apiKey: tenant.apiKey,
        provider,
        model,
        inputTokens,
        outputTokens,
        durationMs: performance.now() - started,
        outcome,
        at: Date.now(),
      });
    let answer: Completion;
    try {
      // The deadline starts once the SDK is loaded: a first call's load is not the provider's time.
      await client.load();
      deadline = AbortSignal.timeout(this.config.aiTimeoutMs);
      // A caller that goes away stops the call: nobody would read an answer billed to its key.
      const signal = callerSignal ? AbortSignal.any([deadline, callerSignal]) : deadline;
      answer = await beforeAbort(
        client.complete({
          model,
          prompt,
          text,
          apiKey: settings.apiKey,
          baseUrl: settings.baseUrl ?? this.defaultBaseUrl(provider),
          timeoutMs: this.config.aiTimeoutMs,
          signal,
        }),
        signal,
      );
    } catch (error) {
      const failure = providerFailure(error, provider, settings.apiKey, stoppedBy());
      this.logger.warn({
        requestId: tenant.requestId,
        msg: 'Ask AI call failed',
        provider,
        model,
        status: failure.status,
        providerStatus: failure.details?.providerStatus,
      });
      await record(failure.status);
      throw failure;
    }
    // Recorded after the call, outside its error handling: a failed insert is not an outage.
    await record('OK', answer.inputTokens, answer.outputTokens);
    return { success: true, text: answer.text };
  }

  private client(provider: AiProvider): ProviderClient {
    const client = this.clients.find((c) => c.provider === provider);
    if (!client) throw new Error(`No client for ${provider}`);
    return client;
  }

  /** D12.2: the server-wide endpoint of a provider, when a workspace names none. */
  private defaultBaseUrl(provider: AiProvider): string | undefined {
    const { openaiBaseUrl, anthropicBaseUrl, geminiBaseUrl } = this.config;
    return { openai: openaiBaseUrl, anthropic: anthropicBaseUrl, gemini: geminiBaseUrl }[provider];
  }
}
