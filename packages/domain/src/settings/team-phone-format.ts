/** Phones, WhatsApp and call links in the team's country (docs/settings.md), apart from teamFormat: they carry libphonenumber's metadata. */
import { whatsappLink } from '../format/whatsapp.js';
import { type PhoneCountry, formatPhone, phonePlaceholder, telLink } from '../phones/phone.js';

export interface TeamPhoneFormat {
  phone(phone: string | null | undefined): string;
  whatsapp(phone: string | null | undefined): string | null;
  tel(phone: string | null | undefined): string | null;
  /** An example mobile number of the country, as people type it. */
  placeholder(): string;
}

export function teamPhoneFormat(country: PhoneCountry): TeamPhoneFormat {
  return {
    phone: (phone) => formatPhone(phone, country),
    whatsapp: (phone) => whatsappLink(phone, country),
    tel: (phone) => telLink(phone, country),
    placeholder: () => phonePlaceholder(country),
  };
}
