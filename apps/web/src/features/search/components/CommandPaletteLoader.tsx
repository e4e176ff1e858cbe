/** Mounts the command palette the first time it is asked for, so Spotlight is not in the first load. */
import { useHotkeys } from '@mantine/hooks';
import { Suspense, lazy, useSyncExternalStore } from 'react';
import { openCommandPalette, paletteRequested, subscribePaletteRequest } from '../palette-opener';

const CommandPalette = lazy(() => import('./CommandPalette'));

export function CommandPaletteLoader() {
  const requested = useSyncExternalStore(subscribePaletteRequest, paletteRequested);
  // Until the palette is mounted, Ctrl+K (⌘K) is ours; afterwards Spotlight's own. Typing in a field
  // does not stop it, as Spotlight does not either: the palette is reachable from anywhere.
  useHotkeys(requested ? [] : [['mod+K', openCommandPalette]], []);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <CommandPalette />
    </Suspense>
  );
}
