/**
 * Keeps a list's scroll position per address (path and search) for the browser session, and puts it
 * back when the list is shown again: 'Volver' from a lead, Back, or a saved filter returns where the
 * reader was. The list may still be rendering its cached pages: the position is restored once the page
 * is tall enough, unless the reader scrolls first.
 */
import { useEffect, useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** Give up restoring after this long: the content that was there did not come back. */
const RESTORE_WITHIN_MS = 3000;

function storageKey(pathname: string, search: string): string {
  return `crm:scroll:${pathname}${search}`;
}

export function useScrollMemory(): void {
  const { pathname, search } = useLocation();
  const key = storageKey(pathname, search);

  // A layout effect: its cleanup runs before the next screen's layout moves the scroll, which must not be saved.
  useLayoutEffect(() => {
    let frame = 0;
    const save = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => window.sessionStorage.setItem(key, String(Math.round(window.scrollY))));
    };
    window.addEventListener('scroll', save, { passive: true });
    return () => {
      window.removeEventListener('scroll', save);
      cancelAnimationFrame(frame);
    };
  }, [key]);

  useEffect(() => {
    const saved = Number(window.sessionStorage.getItem(key) ?? 0);
    if (!(saved > 0)) return;
    const deadline = performance.now() + RESTORE_WITHIN_MS;
    let frame = 0;
    const stop = () => {
      cancelAnimationFrame(frame);
      for (const type of ['wheel', 'touchmove', 'keydown'] as const) window.removeEventListener(type, stop);
    };
    const attempt = () => {
      const room = document.documentElement.scrollHeight - window.innerHeight;
      if (room >= saved) {
        window.scrollTo(0, saved);
        stop();
      } else if (performance.now() < deadline) frame = requestAnimationFrame(attempt);
      else stop();
    };
    for (const type of ['wheel', 'touchmove', 'keydown'] as const) window.addEventListener(type, stop, { passive: true });
    attempt();
    return stop;
  }, [key]);
}
