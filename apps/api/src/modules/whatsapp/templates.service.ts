/** The account's message templates (docs/whatsapp.md): synced from Meta by an admin, the approved ones offered to sellers. */
import { type SyncedTemplate, listWhatsAppTemplates, replaceWhatsAppTemplates } from '@crm/db';
import { type WhatsAppTemplate, templateBodyText, templateVariableCount } from '@crm/domain';
import type { ServiceContext } from '../../context.js';
import { requirePermission } from '../../require-permission.js';
import { listTemplates } from './graph-client.js';
import { graphRefusal, requireConnection } from './settings.service.js';

function toDto(template: SyncedTemplate): WhatsAppTemplate {
  const body = templateBodyText(template.components);
  return {
    id: template.id,
    name: template.name,
    language: template.language,
    status: template.status,
    category: template.category,
    body,
    variableCount: templateVariableCount(body),
  };
}

/** GET /{waba-id}/message_templates, every page; the stored list becomes Meta's (statuses included). */
export async function syncTemplates(ctx: ServiceContext): Promise<WhatsAppTemplate[]> {
  requirePermission(ctx, 'settings.manage');
  const templates = await listTemplates(await requireConnection(ctx)).catch(graphRefusal);
  await ctx.db.transaction().execute((trx) =>
    replaceWhatsAppTemplates(
      trx,
      templates.map((template) => ({ ...template, category: template.category ?? null })),
    ),
  );
  return (await listWhatsAppTemplates(ctx.db, false)).map(toDto);
}

/** What a seller may send outside the window: the approved templates. */
export async function approvedTemplates(ctx: ServiceContext): Promise<WhatsAppTemplate[]> {
  requirePermission(ctx, 'lead.read');
  return (await listWhatsAppTemplates(ctx.db, true)).map(toDto);
}
