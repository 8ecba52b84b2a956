import { applyDecorators, HttpCode, Post, SetMetadata, type Type } from '@nestjs/common';
import { ApiBody, ApiExtraModels, ApiOperation, getSchemaPath } from '@nestjs/swagger';

export const SUCCESS_MESSAGE = 'rpc:success-message';

export interface RpcOptions {
  /** The `result.message` of the success envelope. */
  message: string;
  /** The DTO of `data`, for OpenAPI. */
  data?: Type<unknown>;
  summary?: string;
}

/**
 * One POST operation of the API: HTTP 200, the success message the envelope interceptor
 * uses, and the `{data: ...}` body in OpenAPI.
 */
export function Rpc(path: string, options: RpcOptions): MethodDecorator {
  const decorators = [
    Post(path),
    HttpCode(200),
    SetMetadata(SUCCESS_MESSAGE, options.message),
    ApiOperation({ summary: options.summary ?? options.message }),
  ];
  if (options.data) {
    decorators.push(
      ApiExtraModels(options.data),
      ApiBody({
        schema: {
          type: 'object',
          required: ['data'],
          properties: { data: { $ref: getSchemaPath(options.data) } },
        },
      }),
    );
  }
  return applyDecorators(...decorators);
}
