import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aLead, aUser } from '../../../test-utils/fixtures';
import { render } from '../../../test-utils/render';
import { TrackingDialog } from './TrackingDialog';

describe('TrackingDialog', () => {
  it("shows 'Fecha requerida' when the date is cleared instead of silently restoring it", async () => {
    render(<TrackingDialog lead={aLead()} opened onClose={() => undefined} />, { user: aUser() });
    const date = await screen.findByLabelText(/Fecha del Último Contacto/);
    await userEvent.clear(date);
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Fecha requerida')).toBeTruthy();
    expect((date as HTMLInputElement).value).toBe('');
  });
});
