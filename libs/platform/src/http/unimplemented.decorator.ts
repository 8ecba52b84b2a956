import { applyDecorators, Post } from '@nestjs/common';
import { ApiOperation } from '../openapi/deferred-decorators';
import { RequestBody } from '../openapi/request-schemas';
import { ApiFailure } from '../openapi/responses';
import { CommonFailures, EmptyRequest } from './rpc.decorator';

/**
 * A hosted call this server knows and does not serve yet: in OpenAPI it is a POST whose only
 * answer besides the common failures is `UNIMPLEMENTED` (HTTP 501), so a client generated
 * from the document sees it is not served instead of finding no path at all. The handler
 * throws `ServiceError.unimplemented(...)`; it reads nothing from `data`.
 */
export function UnimplementedRpc(
  path: string,
  options: { summary: string; reason: string },
): MethodDecorator {
  return applyDecorators(
    Post(path),
    ApiOperation({ summary: options.summary }),
    RequestBody(EmptyRequest),
    CommonFailures(),
    ApiFailure('UNIMPLEMENTED', options.reason),
  );
}
