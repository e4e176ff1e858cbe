import { describe, expect, it } from 'vitest';
import { WHATSAPP_STATUS_RANK, canReplyOnWhatsApp, isWhatsAppWindowOpen } from './messages.js';
import { fillTemplate, templateBodyText, templateVariableCount, templateVariablesFromLead } from './settings.js';

describe('WhatsApp rules', () => {
  it('opens the window for 24 hours after the customer wrote, never before they did', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    expect(isWhatsAppWindowOpen(null, now)).toBe(false);
    expect(isWhatsAppWindowOpen(new Date('2026-11-26T12:00:01Z'), now)).toBe(true);
    expect(isWhatsAppWindowOpen(new Date('2026-11-26T12:00:00Z'), now)).toBe(false);
  });

  it('lets admins and managers reply anywhere, a Vendedor on the leads he may work', () => {
    const unassigned = { assignedTo: null, contactedBy: null };
    expect(canReplyOnWhatsApp({ id: 1, systemRole: 'manager' }, unassigned)).toBe(true);
    expect(canReplyOnWhatsApp({ id: 7, systemRole: 'team_member' }, unassigned)).toBe(false);
    expect(canReplyOnWhatsApp({ id: 7, systemRole: 'team_member' }, { assignedTo: 7, contactedBy: null })).toBe(true);
    expect(canReplyOnWhatsApp({ id: 7, systemRole: 'team_member' }, { assignedTo: null, contactedBy: 7 })).toBe(true);
    expect(canReplyOnWhatsApp({ id: 7, systemRole: 'team_member' }, { assignedTo: 8, contactedBy: 7 })).toBe(false);
  });

  it('ranks statuses so that read stays read', () => {
    expect(WHATSAPP_STATUS_RANK.read).toBeGreaterThan(WHATSAPP_STATUS_RANK.delivered);
    expect(WHATSAPP_STATUS_RANK.delivered).toBeGreaterThan(WHATSAPP_STATUS_RANK.sent);
  });

  it("reads a template's body and fills its variables", () => {
    const body = templateBodyText([
      { type: 'HEADER', text: 'x' },
      { type: 'BODY', text: 'Hola {{1}}, soy {{2}}' },
    ]);
    expect(body).toBe('Hola {{1}}, soy {{2}}');
    expect(templateVariableCount(body)).toBe(2);
    expect(templateVariableCount('Sin variables')).toBe(0);
    expect(fillTemplate(body, ['Ana', 'Marta'])).toBe('Hola Ana, soy Marta');
    expect(templateVariablesFromLead(3, { name: 'Ana' }, 'Marta')).toEqual(['Ana', 'Marta', '']);
  });
});
