import { Controller, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiExcludeEndpoint, ApiTags, ServiceError, UnimplementedRpc } from '@app/platform';
import { ApiKeyAuth } from '@app/workspaces';
import { OUT_OF_SCOPE_ROUTES, outOfScopeMessage } from './out-of-scope';

export const LIVE_STATE_NOT_SERVED =
  'POST /v2/livestate/broadcast is not served yet: live state sync needs the realtime layer, which is not part of this server.';

/**
 * Hosted calls this server knows and does not serve: they answer UNIMPLEMENTED (HTTP 501)
 * naming what is missing. Live state is a call of the hosted collection and may come: it is
 * in the OpenAPI document as a 501, behind the API key as the hosted page has it. The
 * out-of-scope families are left out of the document and answer whoever calls, since no
 * data is read or written.
 */
@ApiTags('not served')
@Controller('v2')
export class NotServedController {
  @UnimplementedRpc('livestate/broadcast', {
    summary: 'Broadcast a live state event to a document (not served yet: no realtime layer)',
    reason: 'always, after authentication: the realtime layer is not part of this server',
  })
  @ApiKeyAuth()
  broadcastLiveState(): never {
    throw ServiceError.unimplemented(LIVE_STATE_NOT_SERVED);
  }

  @Post(OUT_OF_SCOPE_ROUTES)
  @ApiExcludeEndpoint()
  outOfScope(@Req() request: FastifyRequest): never {
    throw ServiceError.unimplemented(outOfScopeMessage(request.routeOptions.url ?? request.url));
  }
}
