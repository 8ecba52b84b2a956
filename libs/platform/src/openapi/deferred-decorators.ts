import type * as Swagger from '@nestjs/swagger';

/**
 * `@nestjs/swagger`'s decorators, applied when the OpenAPI document is first built instead
 * of when the classes load. Importing `@nestjs/swagger` loads about 540 modules (its
 * dependency es-toolkit alone 430) that nothing but the document needs: 150-310 ms of a
 * start, and 0.3-0.4 s of loading the server in each jest test file. Controllers import these from `@app/platform`; each records its
 * arguments and target, and `applyDeferredOpenApiDecorators` runs the real decorators over
 * them, in the order they were applied, once the library is loaded (`openapi/docs-routes.ts`).
 * A decorator applied after that runs at once. A module outside this repository may still use
 * `@nestjs/swagger`'s own, at the cost of loading the library at start; here depcheck forbids it.
 */

type SwaggerExports = typeof Swagger;
type DeferredName =
  | 'ApiBody'
  | 'ApiExcludeController'
  | 'ApiExcludeEndpoint'
  | 'ApiOkResponse'
  | 'ApiOperation'
  | 'ApiResponse'
  | 'ApiSecurity'
  | 'ApiTags';
type AnyDecorator = (
  target: object,
  key?: string | symbol,
  descriptor?: PropertyDescriptor,
) => void;

interface Application {
  name: DeferredName;
  args: unknown[];
  target: object;
  key?: string | symbol;
  descriptor?: PropertyDescriptor;
}

const waiting: Application[] = [];
let loaded: SwaggerExports | undefined;

function apply(swagger: SwaggerExports, { name, args, target, key, descriptor }: Application) {
  const make = swagger[name] as (...args: unknown[]) => AnyDecorator;
  make(...args)(target, key, descriptor);
}

function deferred<N extends DeferredName>(name: N): SwaggerExports[N] {
  const make = (...args: unknown[]) =>
    ((target: object, key?: string | symbol, descriptor?: PropertyDescriptor) => {
      const application = { name, args, target, key, descriptor };
      if (loaded) apply(loaded, application);
      else waiting.push(application);
    }) as AnyDecorator;
  return make as unknown as SwaggerExports[N];
}

/** Runs the decorators recorded so far, and from now on each one as it is applied. */
export function applyDeferredOpenApiDecorators(swagger: SwaggerExports): void {
  // One that throws stays first in line, the rest after it: nothing is skipped on a retry.
  while (waiting.length > 0) {
    apply(swagger, waiting[0]);
    waiting.shift();
  }
  loaded = swagger;
}

export const ApiBody = deferred('ApiBody');
export const ApiExcludeController = deferred('ApiExcludeController');
export const ApiExcludeEndpoint = deferred('ApiExcludeEndpoint');
export const ApiOkResponse = deferred('ApiOkResponse');
export const ApiOperation = deferred('ApiOperation');
export const ApiResponse = deferred('ApiResponse');
export const ApiSecurity = deferred('ApiSecurity');
export const ApiTags = deferred('ApiTags');
