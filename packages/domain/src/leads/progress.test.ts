import { describe, expect, it } from 'vitest';
import { DEFAULT_PROGRESS_LEVEL, PROGRESS_LEVEL_OPTIONS, isProgressLevel, progressLabel } from './progress.js';

describe('progress levels', () => {
  it('lists the six levels with Spanish labels, in order', () => {
    expect(PROGRESS_LEVEL_OPTIONS).toEqual([
      { value: 'sin_respuesta', label: 'Sin respuesta' },
      { value: 'no_interesado', label: 'No interesado' },
      { value: 'poco_progreso', label: 'Poco progreso' },
      { value: 'progreso_moderado', label: 'Progreso moderado' },
      { value: 'mucho_progreso', label: 'Mucho progreso' },
      { value: 'muy_interesado', label: 'Muy interesado' },
    ]);
  });

  it('defaults to sin_respuesta', () => {
    expect(DEFAULT_PROGRESS_LEVEL).toBe('sin_respuesta');
    expect(progressLabel('raro')).toBe('Sin respuesta');
  });

  it('labels and recognises known levels', () => {
    expect(progressLabel('mucho_progreso')).toBe('Mucho progreso');
    expect(isProgressLevel('muy_interesado')).toBe(true);
    expect(isProgressLevel('interesado')).toBe(false);
  });
});
