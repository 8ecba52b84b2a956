/**
 * The one place that reads what the decorators of @nestjs/cqrs write on a class. Their
 * metadata keys are private to the package (not exported), so an upgrade may rename them:
 * cqrs-metadata.spec.ts decorates real classes and turns red when these readers stop seeing
 * what the decorators marked.
 */
const EVENTS_HANDLER_KEY = '__eventsHandler__';
const SAGA_KEY = '__saga__';

/** The keys that mark an `@EventsHandler` class or a class with `@Saga()` properties. */
export const EVENTS_HANDLER_OR_SAGA_KEYS: readonly string[] = [EVENTS_HANDLER_KEY, SAGA_KEY];

/** What `@EventsHandler(...)` names on the class (its events); empty when it is not one. */
export const eventsHandledBy = (metatype: object): unknown[] =>
  Reflect.getMetadata(EVENTS_HANDLER_KEY, metatype) ?? [];

/** The properties of the class marked `@Saga()`, in the order they are declared. */
export const sagaPropertiesOf = (metatype: object): string[] =>
  Reflect.getMetadata(SAGA_KEY, metatype) ?? [];
