import { ValidationPipe, type ArgumentMetadata } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsOptional, IsString, ValidateIf } from 'class-validator';
import { NestedList, NestedObject } from './nested-rules';
import { ServiceError } from './service-error';
import { createValidationPipe, validationOptions } from './validation';

/** Objects class-transformer copied (each copies its `name`). */
let copies = 0;
const Counted = () =>
  Transform(({ value }) => {
    copies += 1;
    return value;
  });

class LimitedPart {
  @IsString()
  @Counted()
  name!: string;
}

class LimitedItem {
  @IsString()
  @Counted()
  name!: string;

  @NestedList(() => LimitedPart, { max: 2, optional: true })
  parts?: LimitedPart[];
}

class LimitedBody {
  @NestedList(() => LimitedItem, { max: 3 })
  items!: LimitedItem[];

  @IsOptional()
  @IsString()
  kind?: string;

  // Checked only for a restricted kind: longer lists are fine otherwise.
  @ValidateIf((body: LimitedBody) => body.kind === 'restricted')
  @IsArray()
  @ArrayMaxSize(2)
  @IsString({ each: true })
  userIds?: string[];

  @NestedObject(() => LimitedItem, 'optional')
  single?: LimitedItem;
}

const meta: ArgumentMetadata = { type: 'custom', metatype: LimitedBody, data: undefined };
const part = { name: 'p' };
const item = (over: object = {}) => ({ name: 'n', ...over });
const body = (over: object) => ({ items: [item()], ...over });

/** What the pipe answers, and how many objects class-transformer copied meanwhile. */
async function answer(pipe: ValidationPipe, value: unknown) {
  copies = 0;
  try {
    const result = await pipe.transform(value, meta);
    return { accepted: result as LimitedBody, copies };
  } catch (err) {
    if (err instanceof ServiceError) return { refused: err.details, copies };
    throw err;
  }
}

const nestsOwn = () => new ValidationPipe(validationOptions);

// A request with a list over its ArrayMaxSize is validated as a copy with that list cut to one
// item over: answered as Nest's own pipe answers the whole request, at a fraction of the copies.
describe('lists over their limit', () => {
  it.each([
    ['a list of the body', body({ items: Array(50).fill(item()) })],
    ['a list in a list item', body({ items: [item({ parts: Array(50).fill(part) })] })],
    ['a list in a nested object', body({ single: item({ parts: Array(50).fill(part) }) })],
    ['beside another bad field', body({ items: Array(50).fill(item()), kind: 5 })],
  ])('%s: refused as the whole request is, copying a few items', async (_, value) => {
    const ours = await answer(createValidationPipe(), value);
    const own = await answer(nestsOwn(), value);
    expect(ours.refused).toEqual(own.refused);
    expect(ours.refused).toBeDefined();
    expect(ours.copies).toBeLessThan(10);
    expect(own.copies).toBeGreaterThanOrEqual(50);
  });

  it('keeps a whole list whose limit does not apply (ValidateIf)', async () => {
    const value = body({ kind: 'public', userIds: Array(5).fill('u') });
    const ours = await answer(createValidationPipe(), value);
    expect(ours.accepted?.userIds).toHaveLength(5);
    const restricted = await answer(createValidationPipe(), { ...value, kind: 'restricted' });
    expect(restricted.refused).toEqual({
      fields: [
        { field: 'data.userIds', message: 'data.userIds must contain no more than 2 elements' },
      ],
    });
  });

  it('refuses a list where one object belongs as before', async () => {
    const value = body({ single: [item({ parts: Array(50).fill(part) })] });
    expect((await answer(createValidationPipe(), value)).refused).toEqual(
      (await answer(nestsOwn(), value)).refused,
    );
  });

  it('validates lists within their limits whole', async () => {
    const ours = await answer(createValidationPipe(), body({ items: Array(3).fill(item()) }));
    expect(ours.accepted).toBeInstanceOf(LimitedBody);
    expect(ours.accepted?.items).toHaveLength(3);
  });
});
