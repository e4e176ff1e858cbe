import { describe, expect, it } from 'vitest';
import { canImportWhatsAppChat, suggestSeller } from './chat-export.js';

describe('suggestSeller', () => {
  const participants = ['Luke', 'José Pérez', '+34 600 111 222', 'Ana'];

  it('matches the full name, then the first name, without case or accents', () => {
    expect(suggestSeller(participants, { firstName: 'Jose', lastName: 'perez' })).toBe('José Pérez');
    expect(suggestSeller(participants, { firstName: 'José', lastName: 'Gómez' })).toBe('José Pérez');
    expect(suggestSeller(participants, { firstName: 'ANA', lastName: 'López' })).toBe('Ana');
  });

  it('suggests no one when no participant carries the name, or the user has none', () => {
    expect(suggestSeller(participants, { firstName: 'Carla', lastName: 'Ruiz' })).toBeNull();
    expect(suggestSeller(participants, { firstName: null, lastName: null })).toBeNull();
    // A first name inside another word is not a match.
    expect(suggestSeller(['Anabel'], { firstName: 'Ana', lastName: null })).toBeNull();
  });
});

describe('canImportWhatsAppChat', () => {
  const seller = { id: 7, systemRole: 'team_member' as const };

  it('lets admins and managers import on any lead, a Vendedor on his own only', () => {
    const others = { assignedTo: 8, contactedBy: null };
    expect(canImportWhatsAppChat({ id: 1, systemRole: 'admin' }, others)).toBe(true);
    expect(canImportWhatsAppChat({ id: 2, systemRole: 'manager' }, others)).toBe(true);
    expect(canImportWhatsAppChat(seller, others)).toBe(false);
    expect(canImportWhatsAppChat(seller, { assignedTo: 7, contactedBy: null })).toBe(true);
    expect(canImportWhatsAppChat(seller, { assignedTo: null, contactedBy: 7 })).toBe(true);
    expect(canImportWhatsAppChat(seller, { assignedTo: null, contactedBy: null })).toBe(false);
    // Contacting someone else's lead does not make it his.
    expect(canImportWhatsAppChat(seller, { assignedTo: 8, contactedBy: 7 })).toBe(false);
  });
});
