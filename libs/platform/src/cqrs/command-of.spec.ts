import { Test } from '@nestjs/testing';
import { CommandBus, CommandHandler, CqrsModule, type ICommandHandler } from '@nestjs/cqrs';
import { CommandOf } from './command-of';

interface Greeting {
  /** Who is greeted. */
  name: string;
  excited?: boolean;
}

class GreetCommand extends CommandOf<Greeting, string>() {}
class ShoutCommand extends CommandOf<Greeting, string>() {}

@CommandHandler(GreetCommand)
class GreetHandler implements ICommandHandler<GreetCommand> {
  async execute({ name, excited = false }: GreetCommand): Promise<string> {
    return `hello ${name}${excited ? '!' : ''}`;
  }
}

@CommandHandler(ShoutCommand)
class ShoutHandler implements ICommandHandler<ShoutCommand> {
  async execute({ name }: ShoutCommand): Promise<string> {
    return `HELLO ${name.toUpperCase()}`;
  }
}

describe('CommandOf', () => {
  it('reads the fields of the plain-data object on the command', () => {
    const command = new GreetCommand({ name: 'ada', excited: true });
    expect(command.name).toBe('ada');
    expect(command.excited).toBe(true);
    expect(command).toBeInstanceOf(GreetCommand);
    expect(command).not.toBeInstanceOf(ShoutCommand);
    // @ts-expect-error a required field may not be left out
    expect(new GreetCommand({ excited: true }).excited).toBe(true);
  });

  it('routes two commands with the same fields to their own handlers, answering the typed result', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [CqrsModule.forRoot()],
      providers: [GreetHandler, ShoutHandler],
    }).compile();
    await moduleRef.init();
    const bus = moduleRef.get(CommandBus);
    // The result type is inferred from the command: a string, not `any` or `void`.
    const greeted: string = await bus.execute(new GreetCommand({ name: 'ada' }));
    const shouted: string = await bus.execute(new ShoutCommand({ name: 'ada' }));
    // @ts-expect-error nor is it a number
    const typedWrongly: number = await bus.execute(new GreetCommand({ name: 'ada' }));
    expect(typedWrongly).toBe('hello ada');
    expect(greeted).toBe('hello ada');
    expect(shouted).toBe('HELLO ADA');
    await moduleRef.close();
  });
});
