/**
 * A dialog whose code loads the first time it opens: a screen with several dialogs (and their forms,
 * date pickers and schemas) downloads none of them on its first load. Once opened it stays mounted,
 * so closing it still plays the dialog's transition.
 */
import { type ComponentType, Suspense, lazy, useState } from 'react';

export function lazyDialog<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  /** Whether the props open it: `opened` unless the dialog says otherwise (e.g. a subject that is set). */
  isOpen: (props: Props) => boolean = (props) => 'opened' in props && props.opened === true,
): ComponentType<Props> {
  const Dialog = lazy(() => load().then((component) => ({ default: component })));
  return function LazyDialog(props: Props) {
    const opened = isOpen(props);
    const [mounted, setMounted] = useState(opened);
    // Derived from a prop during render (React's pattern for it): no extra effect pass.
    if (opened && !mounted) setMounted(true);
    if (!mounted && !opened) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
