/** Avatar initials and display names for users ('??' and 'Usuario' when names are missing). */

function firstLetter(text: string | null | undefined): string {
  const trimmed = (text ?? '').trim();
  // Array.from keeps a letter outside the BMP whole instead of half a surrogate pair.
  return Array.from(trimmed)[0]?.toLocaleUpperCase('es-ES') ?? '';
}

/**
 * First letter of the first name and of the last name, uppercased; '??' when either is
 * missing or blank. Fallbacks for other cases (the leads card's 'SA' for unassigned) are the caller's.
 */
export function initials(firstName: string | null | undefined, lastName: string | null | undefined): string {
  const first = firstLetter(firstName);
  const last = firstLetter(lastName);
  return first && last ? first + last : '??';
}

/** How a person is named wherever they appear (activities, chat, lists): their full name, or their username without one. */
export function displayName(user: { firstName: string | null; lastName: string | null; username: string }): string {
  return fullName(user.firstName, user.lastName, user.username);
}

/** 'Nombre Apellidos', or the fallback ('Usuario' in the sidebar) when both are blank. */
export function fullName(firstName: string | null | undefined, lastName: string | null | undefined, fallback = 'Usuario'): string {
  const name = [firstName, lastName]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ');
  return name || fallback;
}
