import { IsInt, IsString, validate } from 'class-validator';
import { cacheValidationMetadata } from './validation-metadata-cache';

class CachedRulesBase {
  @IsString()
  name!: unknown;
}

class CachedRulesChild extends CachedRulesBase {
  @IsInt()
  count!: unknown;
}

const failing = async (value: object) =>
  (await validate(value)).map((error) => error.property).sort();

// Kept rules answer as class-validator's own lookup does, inherited ones included, and a
// rule added after the first validation is seen (a class loaded later).
describe('cacheValidationMetadata', () => {
  beforeAll(() => cacheValidationMetadata());

  it('validates with the inherited and own rules, the second time too', async () => {
    const child = Object.assign(new CachedRulesChild(), { name: 1, count: 'x' });
    expect(await failing(child)).toEqual(['count', 'name']);
    expect(await failing(child)).toEqual(['count', 'name']);
    const valid = Object.assign(new CachedRulesChild(), { name: 'a', count: 2 });
    expect(await failing(valid)).toEqual([]);
  });

  it('sees a rule added after a validation', async () => {
    const child = Object.assign(new CachedRulesChild(), { name: 'a', count: 2, extra: 1 });
    expect(await failing(child)).toEqual([]);
    IsString()(CachedRulesBase.prototype, 'extra');
    expect(await failing(child)).toEqual(['extra']);
  });
});
