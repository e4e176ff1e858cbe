/** Validates input with a domain schema, turning zod issues into a Spanish 400. */
import { DomainError } from '@crm/domain';
import type { z } from 'zod';

export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({
    path: issue.path.filter((part): part is string | number => typeof part !== 'symbol'),
    message: issue.message,
  }));
  throw new DomainError('BAD_REQUEST', issues[0]?.message ?? 'Datos inválidos', issues);
}
