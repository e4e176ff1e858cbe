/** Validates input with a domain schema, turning zod issues into a Spanish 400. */
import { DomainError } from '@crm/domain';
import type { z } from 'zod';

/**
 * `within`: the key the sender's own object sits under in the input (a REST body that tRPC nests
 * as `{ id, data }`), left out of the issues' paths so they name the sender's fields.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, within?: string): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({
    path: (within !== undefined && issue.path[0] === within ? issue.path.slice(1) : issue.path).filter(
      (part): part is string | number => typeof part !== 'symbol',
    ),
    message: issue.message,
  }));
  throw new DomainError('BAD_REQUEST', issues[0]?.message ?? 'Datos inválidos', issues);
}
