/**
 * 'Editar Lead' may not clear what 'Agregar Nuevo Lead' requires: the description, and a way to
 * reach the lead (an email or a phone, CONTRACT §8).
 */
import { CONTACT_REQUIRED, hasContactWay } from '../schemas/lead.js';

const DESCRIPTION_REQUIRED = 'La descripción es requerida';

type Editable = { email: string | null; phone: string | null; description: string | null };

/**
 * The first field the edit would empty although the lead needs it, with its message; null when
 * none. A lead that never had one (an old import without email or phone) may stay without.
 */
export function clearedRequiredField(
  current: Editable,
  changes: Partial<Editable>,
): { field: 'email' | 'description'; message: string } | null {
  const after = {
    email: changes.email === undefined ? current.email : changes.email,
    phone: changes.phone === undefined ? current.phone : changes.phone,
  };
  if (hasContactWay(current) && !hasContactWay(after)) return { field: 'email', message: CONTACT_REQUIRED };
  if (changes.description === null && current.description) return { field: 'description', message: DESCRIPTION_REQUIRED };
  return null;
}
