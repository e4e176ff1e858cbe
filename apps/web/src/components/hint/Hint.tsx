/**
 * Mantine's Tooltip whose code (floating-ui and the popover, about 20 KB compressed) loads the first
 * time a mouse rests on one: a list shows several on every card, and a phone's first load then
 * carries none of it. Like Mantine's (whose `events` default to hover only), focus and touch show none.
 */
import { type ReactElement, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

type TooltipComponent = (typeof import('./MantineTooltip'))['Tooltip'];

let Tooltip: TooltipComponent | null = null;
let loading: Promise<TooltipComponent> | null = null;

function loadTooltip(): Promise<TooltipComponent> {
  loading ??= import('./MantineTooltip').then(
    (module) => (Tooltip = module.Tooltip),
    (error: unknown) => {
      // Not loaded (offline): the next hover tries again; the button works without its hint.
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Holds the target without a box of its own, and hears it being hovered or focused. */
const CONTENTS = { display: 'contents' } as const;

export function Hint({ label, children }: { label: string; children: ReactElement }) {
  const [armed, setArmed] = useState<{ open: boolean; refocus: boolean } | null>(null);
  const hovered = useRef(false);
  const focused = useRef(false);
  const pressed = useRef(false);
  const wrapper = useRef<HTMLSpanElement>(null);
  // At once, not at React's next render: the swap must land before the next pointer event, not
  // between a pointerdown and its pointerup.
  const showTooltip = () => flushSync(() => setArmed({ open: hovered.current, refocus: focused.current }));
  const arm = () => {
    void loadTooltip().then(
      () => {
        // A press under way waits for its click: a button replaced between pointerdown and
        // pointerup gets no click, and the person's click would be lost.
        if (!pressed.current) showTooltip();
      },
      () => undefined,
    );
  };
  const release = () => {
    if (!pressed.current) return;
    pressed.current = false;
    // After the click this press makes, which the browser sends right after pointerup.
    if (Tooltip) setTimeout(showTooltip, 0);
  };
  // The tooltip wraps a new copy of the button: one that had the focus keeps it.
  useEffect(() => {
    if (armed?.refocus && wrapper.current?.firstElementChild instanceof HTMLElement) wrapper.current.firstElementChild.focus();
  }, [armed]);

  if (armed && Tooltip) {
    return (
      <span ref={wrapper} style={CONTENTS}>
        <Tooltip label={label} defaultOpened={armed.open}>
          {children}
        </Tooltip>
      </span>
    );
  }
  return (
    <span
      ref={wrapper}
      style={CONTENTS}
      onPointerEnter={(event) => {
        hovered.current = true;
        if (event.pointerType === 'mouse') arm();
      }}
      onPointerLeave={() => {
        hovered.current = false;
      }}
      onPointerDown={() => {
        pressed.current = true;
      }}
      onPointerUp={release}
      onPointerCancel={release}
      onFocus={() => {
        focused.current = true;
      }}
      onBlur={() => {
        focused.current = false;
      }}
    >
      {children}
    </span>
  );
}
