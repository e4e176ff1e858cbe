import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyScreen } from '../lib/lazy-screen';
import { render } from '../test-utils/render';
import { ScreenErrorBoundary } from './ScreenErrorBoundary';

function Team() {
  return <h1>Gestión del Equipo</h1>;
}

describe('a lazily loaded screen behind the error boundary', () => {
  it("shows 'No se pudo cargar esta pantalla' after the retries, and the screen after 'Reintentar'", async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Team }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ default: Team });
    const TeamScreen = lazyScreen(load);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ScreenErrorBoundary>
        <Suspense fallback={<p>Cargando...</p>}>
          <TeamScreen />
        </Suspense>
      </ScreenErrorBoundary>,
    );
    await screen.findByText('No se pudo cargar esta pantalla');
    expect(load).toHaveBeenCalledTimes(3);

    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await screen.findByRole('heading', { name: 'Gestión del Equipo' });
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('shows a screen that throws as a Spanish message instead of a blank page', async () => {
    function Broken(): never {
      throw new Error('fallo');
    }
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ScreenErrorBoundary>
        <Broken />
      </ScreenErrorBoundary>,
    );
    await screen.findByText('Algo salió mal en esta pantalla');
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeDefined();
  });
});
