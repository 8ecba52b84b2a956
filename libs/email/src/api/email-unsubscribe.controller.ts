import { Controller, Get, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiExcludeController, NoRateLimit } from '@app/platform';
import { confirmPage, doneHtml, invalidHtml } from '../unsubscribe/unsubscribe-page';
import { UNSUBSCRIBE_PATH } from '../unsubscribe/unsubscribe-link';
import { Unsubscriber } from '../unsubscribe/unsubscriber';

/** Pages for a person's browser: never cached, indexed or sent on as a referrer (the token is in the URL). */
const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-robots-tag': 'noindex',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
};

const tokenOf = (request: FastifyRequest): unknown =>
  (request.query as Record<string, unknown> | undefined)?.token;

/**
 * The unsubscribe link of every notification email (D14.3). No API key: the link's
 * signature is the only credential, and it names exactly one (key, organization, document,
 * user). Not rate limited (mail providers post one-click requests for many users from a few
 * addresses; a refused token costs one HMAC). GET shows a button, POST (the button, or a
 * mail client's RFC 8058 one-click with `List-Unsubscribe=One-Click`) unsubscribes. A token
 * that is not this server's answers 400 and changes nothing. Browser pages, not the JSON
 * API: left out of the OpenAPI document.
 */
@ApiExcludeController()
@NoRateLimit()
@Controller()
export class EmailUnsubscribeController {
  constructor(private readonly unsubscriber: Unsubscriber) {}

  @Get(UNSUBSCRIBE_PATH)
  async confirm(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const token = tokenOf(request);
    if (!this.unsubscriber.targetOf(token)) {
      await reply.status(400).headers(PAGE_HEADERS).send(invalidHtml);
      return;
    }
    // Relative: the link's own path, whatever prefix PUBLIC_URL puts before this server's.
    const action = `?token=${encodeURIComponent(token as string)}`;
    await reply.status(200).headers(PAGE_HEADERS).send(confirmPage(action));
  }

  @Post(UNSUBSCRIBE_PATH)
  async unsubscribe(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const target = this.unsubscriber.targetOf(tokenOf(request));
    if (!target) {
      await reply.status(400).headers(PAGE_HEADERS).send(invalidHtml);
      return;
    }
    await this.unsubscriber.unsubscribe(target, request.id);
    await reply.status(200).headers(PAGE_HEADERS).send(doneHtml);
  }
}
