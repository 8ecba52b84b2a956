import { Page } from '../paging/page';
import { success, type SuccessEnvelope } from './envelope';

/** What a route method returned, in the success envelope; a `Page` with its next token. */
export function envelopeOf(data: unknown, message: string): SuccessEnvelope<unknown> {
  if (!(data instanceof Page)) return success(data ?? null, message);
  const envelope = success(data.answer(), message);
  if (data.nextToken) Object.assign(envelope.result, { [data.tokenField]: data.nextToken });
  return envelope;
}

type RouteMethod = (...args: unknown[]) => unknown;

/** Each envelope a route method made, with what the method returned. */
const returned = new WeakMap<object, unknown>();

/**
 * Makes the route method answer in the success envelope. Done on the method, not by a Nest
 * interceptor: a route with no interceptor is called directly, while a single global one puts
 * every call of every route through an rxjs chain (defer, mergeAll, lastValueFrom) and an
 * async-scope binding. Applied first among the route's decorators, so that those applied after
 * it describe the wrapper; the metadata of those applied before (written below `@Rpc`: guards,
 * interceptors) is carried over to it. As with an interceptor, a route method that returns
 * another's call is answered once, with its own message.
 */
export function Enveloped(message: string): MethodDecorator {
  return (_target, _key, descriptor: PropertyDescriptor) => {
    const method = descriptor.value as RouteMethod;
    const enveloped = async function (this: unknown, ...args: unknown[]) {
      let data = await method.apply(this, args);
      // A route that answers with another route method's call (a v1 path calling its v2 one)
      // gets that call's result, enveloped once, with its own message.
      if (typeof data === 'object' && data !== null && returned.has(data))
        data = returned.get(data);
      const envelope = envelopeOf(data, message);
      returned.set(envelope, data);
      return envelope;
    };
    for (const key of Reflect.getOwnMetadataKeys(method)) {
      Reflect.defineMetadata(key, Reflect.getOwnMetadata(key, method), enveloped);
    }
    Object.defineProperty(enveloped, 'name', { value: method.name });
    descriptor.value = enveloped;
  };
}
