/** Conversation progress levels of a tracking record, with their Spanish labels; sin_respuesta is the default. */
import { isOneOf, toOptions } from '../options.js';

export const PROGRESS_LEVELS = [
  'sin_respuesta',
  'no_interesado',
  'poco_progreso',
  'progreso_moderado',
  'mucho_progreso',
  'muy_interesado',
] as const;
export type ProgressLevel = (typeof PROGRESS_LEVELS)[number];

export const DEFAULT_PROGRESS_LEVEL: ProgressLevel = 'sin_respuesta';

export const PROGRESS_LEVEL_LABELS: Record<ProgressLevel, string> = {
  sin_respuesta: 'Sin respuesta',
  no_interesado: 'No interesado',
  poco_progreso: 'Poco progreso',
  progreso_moderado: 'Progreso moderado',
  mucho_progreso: 'Mucho progreso',
  muy_interesado: 'Muy interesado',
};

export const PROGRESS_LEVEL_OPTIONS = toOptions(PROGRESS_LEVELS, PROGRESS_LEVEL_LABELS);

export function isProgressLevel(value: unknown): value is ProgressLevel {
  return isOneOf(PROGRESS_LEVELS, value);
}

/** Unknown stored values read as the default level rather than breaking the card. */
export function progressLabel(value: unknown): string {
  return PROGRESS_LEVEL_LABELS[isProgressLevel(value) ? value : DEFAULT_PROGRESS_LEVEL];
}
