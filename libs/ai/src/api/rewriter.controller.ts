import { Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBody, ApiExtraModels, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { RequestData, Rpc, ServiceError } from '@app/platform';
import { ApiKeyAuth, Tenant, type ApiKeyTenant } from '@app/workspaces';
import { AskAiCommand } from '../application/ask-ai/ask-ai.command';
import { GetUsageQuery } from '../application/get-usage/get-usage.query';
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
  @ApiOperation({ summary: 'Ask AI' })
  @ApiExtraModels(AskAiRequest)
  @ApiBody({
    schema: {
      type: 'object',
      required: ['data'],
      properties: { data: { $ref: getSchemaPath(AskAiRequest) } },
    },
  })
  @ApiKeyAuth()
  async askAi(@Tenant() tenant: ApiKeyTenant, @RequestData() data: AskAiRequest) {
    const result = await this.commands.execute(
      new AskAiCommand(tenant, data.model, data.prompt, data.text),
    );
    return { result };
  }

  @Rpc('usage/get', { message: 'AI usage retrieved successfully.', data: GetUsageRequest })
  @ApiKeyAuth()
  usage(@Tenant() tenant: ApiKeyTenant, @RequestData() data: GetUsageRequest) {
    if (data.from !== undefined && data.to !== undefined && data.from > data.to) {
      throw ServiceError.invalidField('data.to', 'to must not be before from');
    }
    return this.queries.execute(new GetUsageQuery(tenant, data.from, data.to));
  }
}
