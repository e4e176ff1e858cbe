/**
 * The one zod builder of a record's custom values from the team's definitions: the API checks
 * every create and edit with it, the forms validate with it. Unknown keys are refused, required
 * fields enforced (on create; on edit, when the edit clears them), archived fields left as they are.
 */
import { z } from 'zod';
import { parseCustomFieldValue } from './parse-value.js';
import type { CustomFieldDefinition, CustomFieldValue, CustomFieldValues } from './types.js';

export const UNKNOWN_CUSTOM_FIELD = 'Campo personalizado desconocido';

/** On 'update', values are a patch: a key set to null is cleared, an absent one left alone. */
export type CustomFieldsPatch = Record<string, CustomFieldValue | null>;

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

export function requiredMessage(definition: CustomFieldDefinition): string {
  return `«${definition.label}» es obligatorio`;
}

/**
 * `current`: the record's stored values, on 'update'; an archived field may only be sent unchanged
 * (a client sending back what it read), and is then left out of the patch.
 */
export function customFieldsSchema(
  definitions: readonly CustomFieldDefinition[],
  mode: 'create' | 'update',
  current: CustomFieldValues = {},
) {
  const byKey = new Map(definitions.map((definition) => [definition.key, definition]));
  return z
    .record(z.string(), z.unknown(), { message: 'Los campos personalizados deben ser un objeto' })
    .optional()
    .transform((input, ctx): CustomFieldsPatch => {
      const patch: CustomFieldsPatch = {};
      for (const [key, raw] of Object.entries(input ?? {})) {
        const definition = byKey.get(key);
        if (!definition) {
          ctx.addIssue({ code: 'custom', path: [key], message: `${UNKNOWN_CUSTOM_FIELD}: ${key.slice(0, 50)}` });
          continue;
        }
        if (definition.archived) {
          if (!sameValue(raw, current[key])) ctx.addIssue({ code: 'custom', path: [key], message: `«${definition.label}» está archivado` });
          continue;
        }
        const parsed = parseCustomFieldValue(definition, raw);
        if ('error' in parsed) ctx.addIssue({ code: 'custom', path: [key], message: `«${definition.label}»: ${parsed.error}` });
        else if (parsed.value === null && definition.required)
          ctx.addIssue({ code: 'custom', path: [key], message: requiredMessage(definition) });
        else if (mode === 'update' || parsed.value !== null) patch[key] = parsed.value;
      }
      if (mode === 'create') {
        for (const definition of definitions) {
          if (definition.required && !definition.archived && patch[definition.key] === undefined && !(definition.key in (input ?? {})))
            ctx.addIssue({ code: 'custom', path: [definition.key], message: requiredMessage(definition) });
        }
      }
      return patch;
    });
}

/** The stored values after an edit's patch; only the keys whose value changes are in `changes`. */
export function applyCustomFieldsPatch(
  current: CustomFieldValues,
  patch: CustomFieldsPatch,
): { values: CustomFieldValues; changes: Record<string, { from: CustomFieldValue | null; to: CustomFieldValue | null }> } {
  const values: CustomFieldValues = { ...current };
  const changes: Record<string, { from: CustomFieldValue | null; to: CustomFieldValue | null }> = {};
  for (const [key, to] of Object.entries(patch)) {
    const from = current[key] ?? null;
    if (sameValue(from, to)) continue;
    changes[key] = { from, to };
    if (to === null) delete values[key];
    else values[key] = to;
  }
  return { values, changes };
}
