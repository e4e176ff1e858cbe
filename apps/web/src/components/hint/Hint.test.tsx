import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { render } from '../../test-utils/render';
import { Hint } from './Hint';

describe('Hint', () => {
  it('keeps a click pressed while its tooltip loads, and shows the tooltip after it', async () => {
    const onClick = vi.fn();
    render(
      <Hint label="Registrar llamada o mensaje">
        <button type="button" onClick={onClick}>
          Llamar
        </button>
      </Hint>,
    );
    const button = screen.getByRole('button', { name: 'Llamar' });
    // The mouse comes onto the button and presses it while the tooltip's code is still loading.
    fireEvent.pointerOver(button, { pointerType: 'mouse' });
    fireEvent.pointerDown(button, { pointerType: 'mouse' });
    await act(() => import('./MantineTooltip'));
    // The button pressed is the one released and clicked: the tooltip has not replaced it meanwhile.
    expect(button.isConnected).toBe(true);
    fireEvent.pointerUp(button, { pointerType: 'mouse' });
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Registrar llamada o mensaje');
  });
});
