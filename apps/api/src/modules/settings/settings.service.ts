/** GET /api/settings as documented: the phone country the team settings hold and its placeholder. */
import { type AppSettings, phonePlaceholder } from '@crm/domain';
import type { ServiceContext } from '../../context.js';
import { loadTeamSettings } from './team-settings.service.js';

export async function getAppSettings(ctx: ServiceContext): Promise<AppSettings> {
  const { country } = (await loadTeamSettings(ctx)).settings;
  return { phoneCountry: country, phonePlaceholder: phonePlaceholder(country) };
}
