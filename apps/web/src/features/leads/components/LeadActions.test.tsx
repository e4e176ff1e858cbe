import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aLead, aUser } from '../../../test-utils/fixtures';
import { render } from '../../../test-utils/render';
import { LeadActions } from './LeadActions';

const noEdit = () => undefined;

function buttonNames(): string[] {
  return screen.getAllByRole('button').map((button) => button.getAttribute('aria-label') ?? button.textContent ?? '');
}

describe('LeadActions', () => {
  it('offers a manager mark contacted, Registrar llamada, download and edit, but no status moves', () => {
    render(<LeadActions lead={aLead()} onEdit={noEdit} />, { user: aUser({ systemRole: 'manager' }) });
    expect(buttonNames()).toEqual(['Marcar contactado', 'Registrar llamada', 'Descargar lead', 'Editar lead']);
  });

  it('offers a Vendedor no edit button', () => {
    render(<LeadActions lead={aLead()} onEdit={noEdit} />, { user: aUser({ systemRole: 'team_member' }) });
    expect(screen.queryByRole('button', { name: 'Editar lead' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Descargar lead' })).toBeTruthy();
  });

  it('hides mark contacted once the lead was contacted', () => {
    const contacted = aLead({ status: 'contactado', contactedBy: 7, contactedAt: new Date('2026-03-03T09:00:00Z') });
    render(<LeadActions lead={contacted} onEdit={noEdit} />, { user: aUser({ systemRole: 'admin' }) });
    expect(screen.queryByRole('button', { name: 'Marcar contactado' })).toBeNull();
  });

  it("offers a Vendedor the status moves on a lead assigned to them, and none on a colleague's", () => {
    const seller = aUser({ id: 7, systemRole: 'team_member' });
    const own = aLead({ status: 'contactado', assignedTo: 7, contactedBy: 7, contactedAt: new Date('2026-03-03T09:00:00Z') });
    const { unmount } = render(<LeadActions lead={own} onEdit={noEdit} />, { user: seller });
    expect(screen.getByRole('button', { name: 'Cambiar estado' })).toBeTruthy();
    unmount();

    render(<LeadActions lead={{ ...own, assignedTo: 8, contactedBy: 8 }} onEdit={noEdit} />, { user: seller });
    expect(screen.queryByRole('button', { name: 'Cambiar estado' })).toBeNull();
  });
});
