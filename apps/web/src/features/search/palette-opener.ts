/**
 * Opens the command palette from anywhere (Ctrl+K, 'Buscar') although its code (Spotlight) loads only
 * when first asked for: a request before then mounts it (CommandPaletteLoader), which opens itself;
 * once mounted, it registers its own `open` and handles Ctrl+K itself.
 */
let openMounted: (() => void) | null = null;
let requested = false;
const listeners = new Set<() => void>();

export function openCommandPalette(): void {
  if (openMounted) {
    openMounted();
    return;
  }
  requested = true;
  for (const listener of listeners) listener();
}

/** Called by the mounted palette with its own `open`. */
export function registerCommandPalette(open: () => void): void {
  openMounted = open;
}

export function subscribePaletteRequest(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function paletteRequested(): boolean {
  return requested;
}
