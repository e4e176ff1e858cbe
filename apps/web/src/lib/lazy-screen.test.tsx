import { screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { render } from '../test-utils/render';
import { lazyScreen } from './lazy-screen';

function Leads() {
  return <h1>Gestión de Leads</h1>;
}

const inSuspense = (Screen: () => React.JSX.Element) => (
  <Suspense fallback={<p>Cargando...</p>}>
    <Screen />
  </Suspense>
);

describe('lazyScreen', () => {
  it('shows a preloaded screen in its first render, without its fallback', async () => {
    const LeadsScreen = lazyScreen(() => Promise.resolve({ default: Leads }));
    await LeadsScreen.preload();
    render(inSuspense(LeadsScreen));
    expect(screen.getByRole('heading').textContent).toBe('Gestión de Leads');
    expect(screen.queryByText('Cargando...')).toBeNull();
  });

  it('shows its fallback while a screen not preloaded loads', async () => {
    const LeadsScreen = lazyScreen(() => Promise.resolve({ default: Leads }));
    render(inSuspense(LeadsScreen));
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.getByText('Cargando...').tagName).toBe('P');
    await screen.findByRole('heading', { name: 'Gestión de Leads' });
  });

  it('leaves a failed preload to the screen, which loads again when it renders', async () => {
    let calls = 0;
    const LeadsScreen = lazyScreen(() =>
      calls++ === 0 ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve({ default: Leads }),
    );
    expect(await LeadsScreen.preload()).toBeUndefined();
    render(inSuspense(LeadsScreen));
    await screen.findByRole('heading', { name: 'Gestión de Leads' });
  });
});
