/** WhatsApp click-to-chat links for a lead's phone. */

/**
 * Digits only; a 10-digit number not already starting with 54 is taken as a local Argentine
 * number and gets the 54 country code (docs/leads.md). Null when the phone has no digits.
 */
export function whatsappLink(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  if (!digits) return null;
  const international = digits.length === 10 && !digits.startsWith('54') ? `54${digits}` : digits;
  return `https://wa.me/${international}`;
}
