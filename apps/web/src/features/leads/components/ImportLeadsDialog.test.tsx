import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aUser } from '../../../test-utils/fixtures';
import { render } from '../../../test-utils/render';
import { ImportLeadsDialog } from './ImportLeadsDialog';

describe('ImportLeadsDialog', () => {
  it('asks for the group name with a toast that says what to do, not its title twice', async () => {
    const { container } = render(<ImportLeadsDialog opened onClose={() => undefined} />, { user: aUser({ systemRole: 'manager' }) });
    await screen.findByText('Importar Leads');
    const picker = container.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]');
    if (!picker) throw new Error('no file input');
    await userEvent.upload(picker, new File(['name,categoryName\nClínica Sol,clínica\n'], 'leads.csv', { type: 'text/csv' }));
    await screen.findByText('leads.csv');
    await userEvent.click(screen.getByRole('button', { name: 'Crear Grupo e Importar' }));
    expect(await screen.findByText('Escribe el nombre del grupo que recibirá los leads.')).toBeTruthy();
    expect(screen.getAllByText('Nombre del grupo requerido')).toHaveLength(1);
  });
});
