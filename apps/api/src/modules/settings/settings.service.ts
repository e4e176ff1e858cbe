/** What the web app needs to know of the server's settings: the phone country (DEFAULT_COUNTRY) and its placeholder. */
import { type AppSettings, phonePlaceholder } from '@crm/domain';
import type { AppContext } from '../../context.js';

export function getAppSettings(ctx: Pick<AppContext, 'env'>): AppSettings {
  const country = ctx.env.DEFAULT_COUNTRY;
  return { phoneCountry: country, phonePlaceholder: phonePlaceholder(country) };
}
