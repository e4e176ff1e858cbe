/** WhatsApp click-to-chat links for a lead's phone. */
import { type PhoneCountry, phoneE164 } from '../phones/phone.js';

/**
 * The number in E.164 (read with the server's DEFAULT_COUNTRY) without its '+'. A phone that does
 * not parse keeps the old rule: its digits, a 10-digit one not starting with 54 taken as an
 * Argentine local number (docs/leads.md). Null when the phone has no digits.
 */
export function whatsappLink(phone: string | null | undefined, country: PhoneCountry): string | null {
  const e164 = phoneE164(phone, country);
  if (e164) return `https://wa.me/${e164.slice(1)}`;
  const digits = (phone ?? '').replace(/\D/g, '');
  if (!digits) return null;
  const international = digits.length === 10 && !digits.startsWith('54') ? `54${digits}` : digits;
  return `https://wa.me/${international}`;
}
