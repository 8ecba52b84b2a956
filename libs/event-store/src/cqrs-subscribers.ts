import type { DiscoveryService } from '@nestjs/core';
import type { CommandBus, ICommand, IEventHandler } from '@nestjs/cqrs';
import { markedProviders, type MarkedProvider } from '@app/platform';
import { filter, lastValueFrom, of, toArray, type Observable, type OperatorFunction } from 'rxjs';
import { EVENTS_HANDLER_OR_SAGA_KEYS, eventsHandledBy, sagaPropertiesOf } from './cqrs-metadata';
import type { EventDefinition, RecordedEvent, RecordedOf } from './events';
import type { EventSubscriber } from './projection';

const DURABLE_SUBSCRIPTION = 'service:durable-subscription';

export interface DurableSubscriptionOptions {
  /** The checkpoint's name, kept when the class is renamed (default: the class name). */
  id?: string;
  /**
   * `end` (default): a handler deployed on an existing log starts with the events written
   * from then on, so it does not repeat every notice of the past. `start`: it reads the
   * whole log first (a handler that builds state).
   */
  from?: 'start' | 'end';
}

/**
 * Names an `@EventsHandler`'s or `@Saga`s' checkpoint and where it starts:
 * `@DurableSubscription({ id: 'tasks.notify-assignee', from: 'end' })`.
 */
export const DurableSubscription =
  (options: DurableSubscriptionOptions): ClassDecorator =>
  (target) => {
    Reflect.defineMetadata(DURABLE_SUBSCRIPTION, options, target);
  };

const optionsOf = (metatype: object): DurableSubscriptionOptions =>
  Reflect.getMetadata(DURABLE_SUBSCRIPTION, metatype) ?? {};

type Saga = (events$: Observable<RecordedEvent>) => Observable<ICommand | undefined>;

/** The stored event type of an `@EventsHandler` argument, if it is a `defineEvent` definition. */
const typeOf = (event: unknown): string | undefined => {
  const type = (event as { type?: unknown } | undefined)?.type;
  return typeof event === 'function' && typeof type === 'string' ? type : undefined;
};

function handlerSubscriber(
  { instance, type: metatype }: MarkedProvider<IEventHandler<RecordedEvent>>,
  types: string[],
): EventSubscriber {
  const handler = instance;
  const { id, from = 'end' } = optionsOf(metatype);
  return {
    subscriptionId: `cqrs.handler.${id ?? metatype.name}`,
    handles: types,
    detached: true,
    startAt: from,
    async handle(events) {
      for (const event of events) await handler.handle(event);
    },
  };
}

/** A saga fed one event at a time; the commands it maps the event to run before the next. */
function sagaSubscriber(
  { instance, type: metatype }: MarkedProvider<Record<string, Saga>>,
  property: string,
  commandBus: CommandBus,
): EventSubscriber {
  const saga = instance[property].bind(instance);
  const { id, from = 'end' } = optionsOf(metatype);
  return {
    subscriptionId: `cqrs.saga.${id ?? metatype.name}.${property}`,
    detached: true,
    startAt: from,
    async handle(events) {
      for (const event of events) {
        const commands = await lastValueFrom(saga(of(event)).pipe(toArray()));
        for (const command of commands) if (command) await commandBus.execute(command);
      }
    },
  };
}

/**
 * A saga's filter: `events$.pipe(ofEvent(TaskCompleted), map((e) => ...))`, with `e` typed as
 * the definition's stored event (`ofType` from @nestjs/cqrs filters the same at run time).
 */
export const ofEvent = <Defs extends EventDefinition<string, any>[]>(
  ...definitions: Defs
): OperatorFunction<RecordedEvent, RecordedOf<Defs[number]>> =>
  filter((event): event is RecordedOf<Defs[number]> =>
    definitions.some((definition) => definition.is(event)),
  );

/**
 * Durable `@EventsHandler`s and `@Saga`s: each becomes a subscriber of the log with its own
 * checkpoint, fed committed events in commit order, at least once. The in-memory `EventBus`
 * cannot say when a handler has finished, so the log feeds them itself: a handler that
 * throws is retried, then its event parked, like any subscriber's. Handlers listen to
 * `defineEvent` definitions (`@EventsHandler(TaskCompleted)`); event classes stay in-memory.
 */
export function durableCqrsSubscribers(
  discovery: DiscoveryService,
  commandBus: CommandBus | undefined,
): EventSubscriber[] {
  const subscribers: EventSubscriber[] = [];
  for (const provider of markedProviders<any>(discovery, ...EVENTS_HANDLER_OR_SAGA_KEYS)) {
    const metatype = provider.type;
    const types = eventsHandledBy(metatype)
      .map(typeOf)
      .filter((t): t is string => t !== undefined);
    const sagas = sagaPropertiesOf(metatype);
    if (types.length === 0 && sagas.length === 0) continue;
    if (!provider.isSingleton) {
      throw new Error(`${metatype.name}: a durable event handler or saga must be a singleton`);
    }
    if (types.length > 0) subscribers.push(handlerSubscriber(provider, types));
    for (const property of sagas) {
      if (!commandBus) throw new Error(`${metatype.name}.${property}: a saga needs CqrsModule`);
      subscribers.push(sagaSubscriber(provider, property, commandBus));
    }
  }
  return subscribers;
}
