import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aUser } from '../../../test-utils/fixtures';
import { render } from '../../../test-utils/render';
import { PersonalInfoCard } from './PersonalInfoCard';

describe('PersonalInfoCard', () => {
  it("shows the shared schema's Spanish message for a bad email instead of the browser's own check", async () => {
    render(<PersonalInfoCard />, { user: aUser() });
    const email = screen.getByLabelText(/Email/);
    await userEvent.clear(email);
    await userEvent.type(email, 'no-es-un-email');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    expect(await screen.findByText('Email inválido')).toBeTruthy();
  });

  it('shows the message of the required field left empty, and none under the others', async () => {
    render(<PersonalInfoCard />, { user: aUser() });
    await userEvent.clear(screen.getByLabelText(/Nombre/));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    expect(await screen.findByText('El nombre es requerido')).toBeTruthy();
    expect(screen.queryByText('Los apellidos son requeridos')).toBeNull();
  });
});
