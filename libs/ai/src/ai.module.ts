import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { RewriterController } from './api/rewriter.controller';
import { AskAiHandler } from './application/ask-ai/ask-ai.handler';
import { GetUsageHandler } from './application/get-usage/get-usage.handler';
import { AnthropicClient } from './providers/anthropic.client';
import { GeminiClient } from './providers/gemini.client';
import { OpenAiClient } from './providers/openai.client';
import { PROVIDER_CLIENTS } from './providers/provider-client';
import { ProviderFetch, systemAiResolver } from './providers/provider-fetch';
import { AiRateLimiter } from './rate-limit/ai-rate-limiter';
import { AiUsageRecorder } from './read-models/ai-usage.recorder';
import { Migrations } from '@app/platform';
import { AiUsage1763856000010 } from './migrations/1763856000010-ai-usage';

/** Ask AI (operation 5) through the providers' official SDKs, with usage and a rate limit. */
@Migrations(AiUsage1763856000010)
@Module({
  imports: [CqrsModule],
  controllers: [RewriterController],
  providers: [
    systemAiResolver,
    ProviderFetch,
    OpenAiClient,
    AnthropicClient,
    GeminiClient,
    {
      provide: PROVIDER_CLIENTS,
      useFactory: (...clients: unknown[]) => clients,
      inject: [OpenAiClient, AnthropicClient, GeminiClient],
    },
    AiRateLimiter,
    AiUsageRecorder,
    AskAiHandler,
    GetUsageHandler,
  ],
})
export class AiModule {}
