import { Injectable } from '@nestjs/common';
import { EventsHandler, Saga, type IEventHandler } from '@nestjs/cqrs';
import { of, type Observable } from 'rxjs';
import { EVENTS_HANDLER_OR_SAGA_KEYS, eventsHandledBy, sagaPropertiesOf } from './cqrs-metadata';

class TaskCompleted {}
class TaskReopened {}

@EventsHandler(TaskCompleted, TaskReopened)
class NotifyOnTask implements IEventHandler<TaskCompleted | TaskReopened> {
  handle(): void {}
}

@Injectable()
class TaskSagas {
  @Saga()
  completed = (events$: Observable<unknown>): Observable<unknown> => events$;

  @Saga()
  reopened = (): Observable<unknown> => of();
}

class Plain {}

const marked = (metatype: object) =>
  EVENTS_HANDLER_OR_SAGA_KEYS.some((key) => Reflect.hasMetadata(key, metatype));

// Reads through the keys @nestjs/cqrs writes: a version that renames them fails here first.
describe('cqrs metadata', () => {
  it('reads the events an @EventsHandler class listens to', () => {
    expect(eventsHandledBy(NotifyOnTask)).toEqual([TaskCompleted, TaskReopened]);
    expect(sagaPropertiesOf(NotifyOnTask)).toEqual([]);
    expect(marked(NotifyOnTask)).toBe(true);
  });

  it('reads the @Saga properties of a class, in order', () => {
    expect(sagaPropertiesOf(TaskSagas)).toEqual(['completed', 'reopened']);
    expect(eventsHandledBy(TaskSagas)).toEqual([]);
    expect(marked(TaskSagas)).toBe(true);
  });

  it('finds nothing on an undecorated class', () => {
    expect(eventsHandledBy(Plain)).toEqual([]);
    expect(sagaPropertiesOf(Plain)).toEqual([]);
    expect(marked(Plain)).toBe(false);
  });
});
