import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aLead, aUser } from '../../../test-utils/fixtures';
import { render } from '../../../test-utils/render';
import { TrackingDialog } from './TrackingDialog';

describe('TrackingDialog', () => {
  it("shows the counters as figures nobody types, fed by 'Registrar llamada'", async () => {
    const tracking = {
      id: 4,
      leadId: 31,
      progressLevel: 'poco_progreso' as const,
      messagesFromLead: 2,
      messagesToLead: 5,
      calls: 3,
      hasResponded: true,
      lastContactDate: '2026-03-02',
      notes: null,
    };
    render(<TrackingDialog lead={aLead({ tracking })} opened onClose={() => undefined} />, { user: aUser() });
    const counters = await screen.findByTestId('tracking-counters');
    expect(counters.textContent).toContain('Llamadas3');
    expect(counters.textContent).toContain('Mensajes Enviados5');
    expect(counters.textContent).toContain('02/03/2026');
    expect(counters.textContent).toContain('✓ Respondió');
    expect(screen.queryByRole('spinbutton')).toBeNull();
    expect(screen.queryByLabelText(/Fecha del Último Contacto/)).toBeNull();
  });
});
