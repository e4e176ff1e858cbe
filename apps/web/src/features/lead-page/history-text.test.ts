import { type LeadHistoryEntry, defaultTeamSettings, teamFormat } from '@crm/domain';
import { describe, expect, it } from 'vitest';
import { changeLines, historyTitle } from './history-text';

const format = teamFormat(defaultTeamSettings('ES', 'Europe/Madrid'));

function entry(type: LeadHistoryEntry['type'], changes: Record<string, unknown>): LeadHistoryEntry {
  return { id: 1, type, at: new Date('2026-11-27T10:00:00Z'), actor: null, changes };
}

describe('contact history entries', () => {
  it('say who was added, edited or removed, and which contact became the primary', () => {
    expect(historyTitle(entry('contact_added', { contact: { id: 3, name: 'Ana' }, isPrimary: true }), format)).toBe(
      'Contacto añadido: «Ana» (principal)',
    );
    expect(historyTitle(entry('contact_added', { contact: { id: 4, name: 'Luis' }, isPrimary: false }), format)).toBe(
      'Contacto añadido: «Luis»',
    );
    expect(historyTitle(entry('contact_removed', { contact: { id: 3, name: 'Ana' }, newPrimary: { id: 4, name: 'Luis' } }), format)).toBe(
      'Contacto «Ana» eliminado; ahora el principal es «Luis»',
    );
    const edited = entry('contact_updated', {
      contact: { id: 4, name: 'Luis' },
      cargo: { from: null, to: 'Compras' },
      phoneHasWhatsapp: { from: true, to: false },
      isPrimary: { from: false, to: true },
    });
    expect(historyTitle(edited, format)).toBe('Contacto «Luis» editado');
    expect(changeLines(edited, format)).toEqual(['Cargo: — → Compras', 'Tiene WhatsApp: Sí → No', 'Principal: No → Sí']);
  });
});
