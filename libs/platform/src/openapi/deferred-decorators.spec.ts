import 'reflect-metadata';
import * as swagger from '@nestjs/swagger';
import * as deferred from './deferred-decorators';

type Decorators = Pick<
  typeof swagger,
  'ApiBody' | 'ApiOkResponse' | 'ApiOperation' | 'ApiResponse' | 'ApiSecurity' | 'ApiTags'
>;

/** A controller as the server's are written, decorated by `api`. */
function controllerWith(api: Decorators) {
  @api.ApiTags('tasks')
  class Tasks {
    @api.ApiOperation({ summary: 'Add a task' })
    @api.ApiBody({ schema: { type: 'object', required: ['data'] } })
    @api.ApiOkResponse({ description: 'Success' })
    @api.ApiResponse({ status: 404, description: 'NOT_FOUND' })
    @api.ApiResponse({ status: 409, description: 'ABORTED' })
    @api.ApiSecurity({ apiKey: [] })
    add(): void {}
  }
  return Tasks;
}

/** Every metadata entry of the class and of its method. */
function metadataOf(target: ReturnType<typeof controllerWith>) {
  const entries = (on: object) =>
    Object.fromEntries(
      Reflect.getMetadataKeys(on).map((key) => [key, Reflect.getMetadata(key, on)]),
    );
  return { class: entries(target), method: entries(target.prototype.add) };
}

describe('deferred OpenAPI decorators', () => {
  it("write nothing until applied, then exactly what @nestjs/swagger's own write", () => {
    const own = controllerWith(swagger);
    const later = controllerWith(deferred);
    expect(metadataOf(own).class).not.toEqual({});
    expect(metadataOf(later)).toEqual({ class: {}, method: {} });

    deferred.applyDeferredOpenApiDecorators(swagger);
    expect(metadataOf(later)).toEqual(metadataOf(own));

    // Once the library is loaded, a class decorated afterwards gets its metadata at once.
    expect(metadataOf(controllerWith(deferred))).toEqual(metadataOf(own));
  });
});
