import {
  Injectable,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { map, type Observable } from 'rxjs';
import { Page } from '../paging/page';
import { success } from './envelope';
import { SUCCESS_MESSAGE } from './rpc.decorator';

/** Wraps what a handler returns in the success envelope; routes without @Rpc pass through. */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const message = this.reflector.get<string | undefined>(SUCCESS_MESSAGE, context.getHandler());
    if (message === undefined) return next.handle();
    return next.handle().pipe(
      map((data) => {
        if (!(data instanceof Page)) return success(data ?? null, message);
        const envelope = success(data.answer(), message);
        if (data.nextToken) Object.assign(envelope.result, { [data.tokenField]: data.nextToken });
        return envelope;
      }),
    );
  }
}
