/**
 * Team settings (docs/settings.md): read by everyone, saved by admins. Until an admin saves them the
 * defaults come from DEFAULT_COUNTRY and TZ. Saving with a new country may re-read the stored phones
 * typed without a country code, in the same transaction as the settings.
 */
import {
  type DbOrTrx,
  type LeadValuation,
  findFirstActiveAdminId,
  findTeamSettings,
  listPhonesWithoutCountryCode,
  rewriteLeadPhones,
  saveTeamSettings,
} from '@crm/db';
import {
  type PhoneCountry,
  type TeamSettings,
  type TeamSettingsSaved,
  type TeamSettingsView,
  type UpdateTeamSettings,
  defaultTeamSettings,
  normalizePhone,
  teamSettingsSchema,
} from '@crm/domain';
import type { AppContext, ServiceContext } from '../../context.js';
import { publishLive } from '../../live/publish.js';
import { requirePermission } from '../../require-permission.js';

/** Phones read per query while counting or re-reading: memory stays flat on a large team. */
const PHONE_PAGE = 5000;

function defaultsOf(ctx: Pick<AppContext, 'env'>): TeamSettings {
  return defaultTeamSettings(ctx.env.DEFAULT_COUNTRY, ctx.env.TZ ?? Intl.DateTimeFormat().resolvedOptions().timeZone);
}

/** The settings every service formats and parses with, and whether an admin has saved them. */
export async function loadTeamSettings(
  ctx: Pick<AppContext, 'env' | 'db'>,
  db: DbOrTrx = ctx.db,
): Promise<{ settings: TeamSettings; configured: boolean }> {
  const stored = await findTeamSettings(db);
  // A stored row was valid when saved; parsing again keeps one shape (and survives a zone Intl dropped).
  const parsed = stored ? teamSettingsSchema.safeParse(stored) : undefined;
  return parsed?.success ? { settings: parsed.data, configured: true } : { settings: defaultsOf(ctx), configured: stored !== undefined };
}

/** What a sum of lead values needs (docs/leads.md, 'Valor del trato'): the team's value per conversion and currency. */
export async function loadLeadValuation(ctx: Pick<AppContext, 'env' | 'db'>): Promise<LeadValuation & { settings: TeamSettings }> {
  const { settings } = await loadTeamSettings(ctx);
  return { defaultValue: settings.valuePerConversion, currency: settings.currency, settings };
}

export async function getTeamSettings(ctx: ServiceContext): Promise<TeamSettingsView> {
  const { settings, configured } = await loadTeamSettings(ctx);
  const offerSetup = !configured && ctx.viewer.user.systemRole === 'admin' && (await findFirstActiveAdminId(ctx.db)) === ctx.viewer.user.id;
  return { ...settings, configured, offerSetup };
}

/** Each stored phone without a country code that reads as a valid number of `country`, as it would be stored. */
async function* rereadablePhones(db: DbOrTrx, country: PhoneCountry): AsyncGenerator<{ id: number; phone: string }[]> {
  let afterId = 0;
  for (;;) {
    const page = await listPhonesWithoutCountryCode(db, afterId, PHONE_PAGE);
    if (page.length === 0) return;
    afterId = page[page.length - 1]?.id ?? afterId;
    yield page.flatMap(({ id, phone }) => {
      const normalized = normalizePhone(phone, country);
      return normalized && normalized !== phone && normalized.startsWith('+') ? [{ id, phone: normalized }] : [];
    });
  }
}

/** 'Se actualizarán N teléfonos': how many a save with this country and rereadPhones would rewrite. */
export async function countRereadablePhones(ctx: ServiceContext, country: PhoneCountry): Promise<{ count: number }> {
  requirePermission(ctx, 'settings.manage');
  let count = 0;
  for await (const changes of rereadablePhones(ctx.db, country)) count += changes.length;
  return { count };
}

export async function updateTeamSettings(ctx: ServiceContext, input: UpdateTeamSettings): Promise<TeamSettingsSaved> {
  requirePermission(ctx, 'settings.manage');
  const { rereadPhones, ...settings } = input;
  const phonesUpdated = await ctx.db.transaction().execute(async (trx) => {
    // First the row (its lock orders concurrent saves), then the phones under the new country.
    await saveTeamSettings(trx, settings, ctx.viewer.user.id);
    if (!rereadPhones) return 0;
    let updated = 0;
    for await (const changes of rereadablePhones(trx, settings.country)) updated += await rewriteLeadPhones(trx, changes);
    return updated;
  });
  // Everyone's open screens, the saver's other tabs included, follow the new settings without a reload.
  await publishLive(ctx, { type: 'teamSettingsChanged', phonesUpdated }, { everyone: true });
  return { ...settings, configured: true, offerSetup: false, phonesUpdated };
}
