import { Test } from '@nestjs/testing';
import { CqrsModule, QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { QueryOf } from './query-of';

interface Lookup {
  key: string;
  limit?: number;
}

class CountQuery extends QueryOf<Lookup, number>() {}
class NameQuery extends QueryOf<Lookup, string>() {}

@QueryHandler(CountQuery)
class CountHandler implements IQueryHandler<CountQuery> {
  async execute({ key, limit = 10 }: CountQuery): Promise<number> {
    return Math.min(key.length, limit);
  }
}

@QueryHandler(NameQuery)
class NameHandler implements IQueryHandler<NameQuery> {
  async execute({ key }: NameQuery): Promise<string> {
    return `name of ${key}`;
  }
}

describe('QueryOf', () => {
  it('routes two queries with the same fields to their own handlers, answering the typed result', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [CqrsModule.forRoot()],
      providers: [CountHandler, NameHandler],
    }).compile();
    await moduleRef.init();
    const bus = moduleRef.get(QueryBus);
    const query = new CountQuery({ key: 'abcdef', limit: 4 });
    expect(query.key).toBe('abcdef');
    const count: number = await bus.execute(query);
    // @ts-expect-error the answer of NameQuery is a string, not a number
    const typedWrongly: number = await bus.execute(new NameQuery({ key: 'k' }));
    expect(count).toBe(4);
    expect(typedWrongly).toBe('name of k');
    await moduleRef.close();
  });
});
