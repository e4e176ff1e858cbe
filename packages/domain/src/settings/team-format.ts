/**
 * The one place that turns the team settings into formatters (docs/settings.md): money in the team's
 * currency and locale, dates on the team's clock, phones, WhatsApp and call links in its country.
 */
import { type DateInput, formatDate, formatDateTime, formatTime, toIsoDate } from '../format/dates.js';
import { formatMoney } from '../format/money.js';
import { whatsappLink } from '../format/whatsapp.js';
import { formatPhone, phonePlaceholder, telLink } from '../phones/phone.js';
import type { TeamSettings } from '../schemas/team-settings.js';

export interface TeamFormat {
  settings: TeamSettings;
  money(value: number | string, fractionDigits?: number): string;
  /** An amount in a currency of its own (a lead's deal), in the team's locale. */
  moneyIn(value: string, currency: string): string;
  date(value: DateInput | null | undefined): string;
  dateTime(value: DateInput | null | undefined): string;
  time(value: DateInput | null | undefined): string;
  /** Today on the team's calendar, 'YYYY-MM-DD'. */
  today(now?: Date): string;
  phone(phone: string | null | undefined): string;
  whatsapp(phone: string | null | undefined): string | null;
  tel(phone: string | null | undefined): string | null;
  phonePlaceholder: string;
}

export function teamFormat(settings: TeamSettings): TeamFormat {
  const { timeZone, country } = settings;
  return {
    settings,
    money: (value, fractionDigits) => formatMoney(value, settings, fractionDigits),
    moneyIn: (value, currency) => formatMoney(value, { currency, locale: settings.locale }),
    date: (value) => formatDate(value, timeZone),
    dateTime: (value) => formatDateTime(value, timeZone),
    time: (value) => formatTime(value, timeZone),
    today: (now = new Date()) => toIsoDate(now, timeZone),
    phone: (phone) => formatPhone(phone, country),
    whatsapp: (phone) => whatsappLink(phone, country),
    tel: (phone) => telLink(phone, country),
    phonePlaceholder: phonePlaceholder(country),
  };
}
