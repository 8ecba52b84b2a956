import { ValidationPipe, type ArgumentMetadata } from '@nestjs/common';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsString, ValidateNested } from 'class-validator';
import { NestedList } from './nested-rules';
import { ServiceError } from './service-error';
import { createValidationPipe, validationOptions } from './validation';

let tagReads = 0;

class LimitedItem {
  @IsString()
  // Counts the items class-transformer copies: none when the request is refused first.
  @Transform(({ value }) => {
    tagReads += 1;
    return value;
  })
  name!: string;

  @IsArray()
  @ArrayMaxSize(2)
  @IsString({ each: true })
  tags!: string[];
}

class LimitedBody {
  @NestedList(() => LimitedItem, { max: 3 })
  items!: LimitedItem[];

  @IsArray()
  @ArrayMaxSize(1, { message: 'one note at most' })
  @IsString({ each: true })
  notes!: string[];

  @ValidateNested()
  @Type(() => LimitedItem)
  single!: LimitedItem;
}

const meta: ArgumentMetadata = { type: 'custom', metatype: LimitedBody, data: undefined };
const item = (tags = ['a']) => ({ name: 'n', tags });
const body = (over: Record<string, unknown>) => ({
  items: [item()],
  notes: ['x'],
  single: item(),
  ...over,
});

/** The pipe's refusal, as fields: the pipe under test or Nest's own with the same options. */
async function refusal(pipe: ValidationPipe, value: unknown) {
  try {
    await pipe.transform(value, meta);
  } catch (err) {
    if (err instanceof ServiceError) return err.details;
    throw err;
  }
  throw new Error('accepted');
}

const nestsOwn = () => new ValidationPipe(validationOptions);

// A list over its ArrayMaxSize is refused before class-transformer copies the request, with
// the violation class-validator reports for it.
describe('lists over their limit', () => {
  beforeEach(() => {
    tagReads = 0;
  });

  it.each([
    ['a list of the body', { items: Array(4).fill(item()) }, 'data.items'],
    ['a list in a list item', { items: [item(), item(['a', 'b', 'c'])] }, 'data.items[1].tags'],
    ['a list in a nested object', { single: item(['a', 'b', 'c']) }, 'data.single.tags'],
  ])('%s: refused as class-validator refuses it, nothing copied', async (_, over, field) => {
    const refused = await refusal(createValidationPipe(), body(over));
    expect(refused).toEqual({
      fields: [
        {
          field,
          message: `${field} must contain no more than ${field.endsWith('tags') ? 2 : 3} elements`,
        },
      ],
    });
    expect(tagReads).toBe(0);
    expect(await refusal(nestsOwn(), body(over))).toEqual(refused);
  });

  it('leaves a limit with its own message to class-validator', async () => {
    const refused = await refusal(createValidationPipe(), body({ notes: ['x', 'y'] }));
    expect(refused).toEqual({ fields: [{ field: 'data.notes', message: 'one note at most' }] });
    expect(tagReads).toBeGreaterThan(0);
  });

  it('passes lists within their limits on to validation', async () => {
    const value = body({ items: Array(3).fill(item(['a', 'b'])) });
    const result = await createValidationPipe().transform(value, meta);
    expect(result).toBeInstanceOf(LimitedBody);
    expect((result as LimitedBody).items).toHaveLength(3);
    expect(await refusal(createValidationPipe(), body({ single: { name: 1, tags: [] } }))).toEqual({
      fields: [{ field: 'data.single.name', message: 'data.single.name must be a string' }],
    });
  });
});
