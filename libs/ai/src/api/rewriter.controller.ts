import { Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiFailure,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  Caller,
  CommonFailures,
  RequestBody,
  RequestData,
  Rpc,
  ServiceError,
  type CallerConnection,
} from '@app/platform';
import { ApiKeyAuth, Tenant, type ApiKeyTenant } from '@app/workspaces';
import { AskAiCommand } from '../application/ask-ai/ask-ai.command';
import { GetUsageQuery } from '../application/get-usage/get-usage.query';
import { AI_USAGE, ASK_AI_ANSWER } from './dto/ai.response';
import { AskAiRequest } from './dto/ask-ai.request';
import { GetUsageRequest } from './dto/get-usage.request';

/** Ask AI (operation 5, D12) and its usage. */
@ApiTags('rewriter')
@Controller('v2/rewriter')
export class RewriterController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  /** Operation 5: the spec's own envelope `{result: {success, text | error}}`, not `status`. */
  @Post('ask-ai')
  @HttpCode(200)
  @ApiOperation({ summary: "Ask the workspace's AI provider to rewrite a text as a prompt says" })
  @RequestBody(AskAiRequest)
  @ApiOkResponse({
    description: "The answer, in the contract's own envelope (`result.success`, no `status`)",
    content: { 'application/json': { schema: ASK_AI_ANSWER } },
  })
  @CommonFailures()
  @ApiFailure(
    'INVALID_ARGUMENT',
    'an unknown model prefix, or the provider refused the call (4xx, `details.provider`)',
  )
  @ApiFailure(
    'PERMISSION_DENIED',
    "the model is outside the provider's `models` allow-list, or the provider's endpoint is on a private address (D12)",
  )
  @ApiFailure('RESOURCE_EXHAUSTED', 'past RATE_LIMIT_AI_RPM for the key; retry after `Retry-After`')
  @ApiFailure(
    'UNAVAILABLE',
    'the provider answered 5xx or a redirect (not followed), or could not be reached (D12.3)',
  )
  @ApiFailure('DEADLINE_EXCEEDED', 'the provider did not answer within AI_TIMEOUT_MS (D12.3)')
  @ApiFailure(
    'CANCELLED',
    'the caller closed its connection first: the provider call is stopped, nobody reads this (D12.5)',
  )
  @ApiKeyAuth()
  async askAi(
    @Tenant() tenant: ApiKeyTenant,
    @RequestData() data: AskAiRequest,
    @Caller() caller: CallerConnection,
  ) {
    const result = await this.commands.execute(
      new AskAiCommand({
        tenant,
        model: data.model,
        prompt: data.prompt,
        text: data.text,
        callerSignal: caller.gone,
      }),
    );
    return { result };
  }

  @Rpc('usage/get', {
    message: 'AI usage retrieved successfully.',
    summary: 'Read Ask AI calls and tokens per model for the API key, in a period',
    data: GetUsageRequest,
    response: AI_USAGE,
  })
  @ApiKeyAuth()
  usage(@Tenant() tenant: ApiKeyTenant, @RequestData() data: GetUsageRequest) {
    if (data.from !== undefined && data.to !== undefined && data.from > data.to) {
      throw ServiceError.invalidField('data.to', 'to must not be before from');
    }
    return this.queries.execute(new GetUsageQuery(tenant, data.from, data.to));
  }
}
