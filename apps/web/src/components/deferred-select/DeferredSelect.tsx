/**
 * A Select that is a plain read-only input until first used: the lists show several (the filters,
 * 'Asignar a:' on every card), and a Select's combobox, dropdown and positioning (floating-ui, about
 * 30 KB compressed) would otherwise be in a phone's first load and cost it about 100 ms per card.
 * A click opens the list; Tab only moves the focus into it, as it does into a select.
 */
import { type ComboboxItem, InputBase, type SelectProps } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { type ComponentType, Suspense, lazy, useState } from 'react';

// Mantine's Select is generic over its values; these hold strings.
const Select = lazy(() => import('./MantineSelect').then((module) => ({ default: module.Select as ComponentType<SelectProps<string>> })));

/** Whether the select opens its list as it mounts (a click) or only takes the focus (the keyboard). */
type Activation = 'idle' | 'focus' | 'open';

interface DeferredSelectProps extends Omit<SelectProps<string>, 'data' | 'defaultDropdownOpened' | 'autoFocus'> {
  data: ComboboxItem[];
}

export function DeferredSelect({ data, value, label, description, error, size, 'aria-label': ariaLabel, ...select }: DeferredSelectProps) {
  const [activation, setActivation] = useState<Activation>('idle');
  const idle = (
    <InputBase
      label={label}
      description={description}
      error={error}
      size={size}
      aria-label={ariaLabel}
      // A select to assistive technology and to tests alike, before and after the swap.
      role="combobox"
      aria-haspopup="listbox"
      aria-expanded={false}
      readOnly
      pointer
      value={data.find((option) => option.value === value)?.label ?? ''}
      rightSection={<IconChevronDown size={16} aria-hidden />}
      rightSectionPointerEvents="none"
      // Swapped on click, once the whole click has landed here: the Select mounts with its list open
      // and no part of the click reaches it to toggle the list shut. The press takes no focus, so the
      // keyboard path (onFocus) does not swap in a closed Select first.
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => setActivation('open')}
      onFocus={() => setActivation((current) => (current === 'idle' ? 'focus' : current))}
    />
  );
  if (activation === 'idle') return idle;
  return (
    <Suspense fallback={idle}>
      <Select
        {...select}
        label={label}
        description={description}
        error={error}
        size={size}
        aria-label={ariaLabel}
        data={data}
        value={value}
        autoFocus
        defaultDropdownOpened={activation === 'open'}
      />
    </Suspense>
  );
}
