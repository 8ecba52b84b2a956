import { ServiceError, type FieldViolation } from '@app/platform';
import { normaliseDomain } from '../../domain/domain-name';

/** Normalises every domain or fails naming each bad one (`data.domains[2]`). */
export function normaliseDomains(raw: string[], field: string): string[] {
  const errors: FieldViolation[] = [];
  const domains = raw.map((value, i) => {
    const domain = normaliseDomain(value);
    if (!domain)
      errors.push({
        field: `${field}[${i}]`,
        message: `"${value}" is not a domain, URL or *.domain wildcard`,
      });
    return domain ?? '';
  });
  if (errors.length > 0) throw ServiceError.invalidArgument(errors);
  return domains;
}
