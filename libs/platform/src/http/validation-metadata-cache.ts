import { getMetadataStorage } from 'class-validator';

type MetadataStorage = ReturnType<typeof getMetadataStorage>;
type Lookup = MetadataStorage['getTargetValidationMetadatas'];
type Rules = ReturnType<Lookup>;

const CACHED = Symbol.for('app.platform.validationMetadataCached');

/**
 * class-validator finds a class's rules on every validate() by scanning every class that has
 * rules (for inherited ones) and then groups them by property: the same answer each time once
 * the classes are loaded, and a few percent of a small call's CPU. Both answers are kept per
 * class and options; adding a rule (a class loaded later) forgets them. Callers only read them.
 */
export function cacheValidationMetadata(storage: MetadataStorage = getMetadataStorage()): void {
  const marked = storage as MetadataStorage & { [CACHED]?: true };
  if (marked[CACHED]) return;
  marked[CACHED] = true;
  const lookup = storage.getTargetValidationMetadatas.bind(storage);
  const group = storage.groupByPropertyName.bind(storage);
  const addRule = storage.addValidationMetadata.bind(storage);
  let found = new Map<unknown, Map<string, Rules>>();
  let grouped = new WeakMap<Rules, ReturnType<MetadataStorage['groupByPropertyName']>>();

  storage.addValidationMetadata = (metadata) => {
    found = new Map();
    grouped = new WeakMap();
    addRule(metadata);
  };
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    const options = JSON.stringify([schema, always, strictGroups, groups?.length ? groups : []]);
    let byOptions = found.get(target);
    if (!byOptions) found.set(target, (byOptions = new Map()));
    let rules = byOptions.get(options);
    if (!rules)
      byOptions.set(options, (rules = lookup(target, schema, always, strictGroups, groups)));
    return rules;
  };
  storage.groupByPropertyName = (rules) => {
    let byProperty = grouped.get(rules);
    if (!byProperty) grouped.set(rules, (byProperty = group(rules)));
    return byProperty;
  };
}
