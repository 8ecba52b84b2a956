import { Command } from '@nestjs/cqrs';

/**
 * The base of a CQRS command whose fields are one plain-data object: `new X({ a, b })`, read as
 * `command.a` (so a handler's `execute({ a, b }: X)` destructures it). `R` is what the command
 * bus answers. Each call makes a fresh base, so every command stays its own class, which is
 * what `@CommandHandler(X)` routes by:
 *
 * `export class AddUsersCommand extends CommandOf<{ tenant: ApiKeyTenant; users: UserItem[] }, BatchResult>() {}`
 *
 * Doc comments written on the properties of `P` show on the command's fields.
 */
export function CommandOf<P extends object, R = void>() {
  class PlainDataCommand extends Command<R> {
    constructor(props: P) {
      super();
      Object.assign(this, props);
    }
  }
  return PlainDataCommand as unknown as new (props: P) => Command<R> & Readonly<P>;
}
