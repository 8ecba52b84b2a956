import { Injectable } from '@nestjs/common';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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

/** A private metadata key in quotes (a name between double underscores), __proto__ aside. */
const PRIVATE_KEY = /['"`]__(?!proto__)[A-Za-z]+__['"`]/;
const ADAPTER = 'libs/event-store/src/cqrs-metadata.ts';

describe('private metadata keys of the framework', () => {
  it('are quoted in the adapter only', () => {
    const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
    const sources = execFileSync(
      'git',
      ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts', '*.js', '*.mjs', '*.cjs'],
      { cwd: root, encoding: 'utf8' },
    )
      .split('\n')
      .filter((path) => path !== '' && !path.startsWith('node_modules/'));
    const readers = sources.filter((path) => {
      try {
        return PRIVATE_KEY.test(readFileSync(join(root, path), 'utf8'));
      } catch {
        return false; // deleted in the working tree, not yet committed
      }
    });
    expect(readers).toEqual([ADAPTER]);
  });
});
