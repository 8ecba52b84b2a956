import { Query } from '@nestjs/cqrs';

/**
 * The base of a CQRS query whose fields are one plain-data object, as `CommandOf` for commands:
 * `new GetUsersQuery({ tenant, organizationId, userIds })`, read as `query.tenant`; `R` is what
 * the query bus answers. Each call makes a fresh base, so every query stays its own class, which
 * is what `@QueryHandler(X)` routes by.
 */
export function QueryOf<P extends object, R>() {
  class PlainDataQuery extends Query<R> {
    constructor(props: P) {
      super();
      Object.assign(this, props);
    }
  }
  return PlainDataQuery as unknown as new (props: P) => Query<R> & Readonly<P>;
}
