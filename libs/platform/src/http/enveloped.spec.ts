import 'reflect-metadata';
import { GUARDS_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { UseGuards, type CanActivate } from '@nestjs/common';
import { Page } from '../paging/page';
import { Rpc } from './rpc.decorator';

class AllowAll implements CanActivate {
  canActivate() {
    return true;
  }
}

class Routes {
  @Rpc('v2/things/get', { message: 'Things retrieved.', summary: 'get', response: {} })
  @UseGuards(AllowAll)
  get(n: number) {
    return Promise.resolve([n]);
  }

  @Rpc('v1/things/get', { message: 'Old things retrieved.', summary: 'get', response: {} })
  getV1(n: number) {
    return this.get(n);
  }

  @Rpc('v2/things/list', { message: 'Listed.', summary: 'list', response: {} })
  list() {
    return new Page([1, 2], 'next', 'pageToken');
  }

  @Rpc('v2/things/none', { message: 'Done.', summary: 'none', response: {} })
  none() {}
}

describe('@Rpc: the answer in the success envelope', () => {
  const routes = new Routes();

  it("wraps what the method returns, with the operation's message", async () => {
    await expect(routes.get(1)).resolves.toEqual({
      result: { status: 'success', message: 'Things retrieved.', data: [1] },
    });
    await expect(routes.none()).resolves.toEqual({
      result: { status: 'success', message: 'Done.', data: null },
    });
  });

  it("puts a page's next token beside its data, under the name the operation uses", async () => {
    await expect(routes.list()).resolves.toEqual({
      result: { status: 'success', message: 'Listed.', data: [1, 2], pageToken: 'next' },
    });
  });

  it("envelopes once a route that answers with another route's call, with its own message", async () => {
    await expect(routes.getV1(2)).resolves.toEqual({
      result: { status: 'success', message: 'Old things retrieved.', data: [2] },
    });
  });

  it('keeps the metadata of decorators applied before it, and gets that of those after it', () => {
    const method = Routes.prototype.get;
    expect(Reflect.getMetadata(GUARDS_METADATA, method)).toEqual([AllowAll]);
    expect(Reflect.getMetadata(PATH_METADATA, method)).toBe('v2/things/get');
    expect(method.name).toBe('get');
  });
});
