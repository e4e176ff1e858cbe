/** 'Editar Lead' may not clear what 'Agregar Nuevo Lead' requires (email and description). */

const REQUIRED_ON_CREATE = {
  email: 'El email es requerido',
  description: 'La descripción es requerida',
} as const;

type RequiredField = keyof typeof REQUIRED_ON_CREATE;

/**
 * The first field the edit would empty although the lead has a value for it, with its message;
 * null when none. A lead that never had one (an imported lead without email) may stay without.
 */
export function clearedRequiredField(
  current: Record<RequiredField, string | null>,
  changes: Partial<Record<RequiredField, string | null>>,
): { field: RequiredField; message: string } | null {
  for (const field of Object.keys(REQUIRED_ON_CREATE) as RequiredField[]) {
    if (changes[field] === null && current[field]) return { field, message: REQUIRED_ON_CREATE[field] };
  }
  return null;
}
