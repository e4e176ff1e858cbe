/**
 * A choice among a few options side by side, in the look of Mantine's SegmentedControl but without
 * its sliding indicator. That indicator measures the page the moment it mounts
 * (getBoundingClientRect), which forces the page's first layout in the middle of the first render:
 * one more long task on a phone, the largest of the dashboard's (docs/performance.md). Native radio
 * inputs give the group its role, arrow keys and accessible names, as SegmentedControl's do.
 */
import { type ReactNode, useId } from 'react';
import classes from './ChoiceSwitch.module.css';

export interface ChoiceSwitchProps<T extends string> {
  data: readonly { value: T; label: ReactNode }[];
  value: T;
  onChange: (value: T) => void;
  size?: 'xs' | 'sm';
  /** Spreads the options over the whole width. */
  fullWidth?: boolean;
  'aria-label'?: string;
  'aria-labelledby'?: string;
}

export function ChoiceSwitch<T extends string>({
  data,
  value,
  onChange,
  size = 'sm',
  fullWidth = false,
  ...labelling
}: ChoiceSwitchProps<T>) {
  const name = useId();
  return (
    <div role="radiogroup" className={classes.root} data-size={size} data-full-width={fullWidth || undefined} {...labelling}>
      {data.map((option) => {
        const id = `${name}-${option.value}`;
        return (
          <div key={option.value} className={classes.option}>
            <input
              type="radio"
              className={classes.input}
              id={id}
              name={name}
              value={option.value}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
            />
            <label htmlFor={id} className={classes.label}>
              {option.label}
            </label>
          </div>
        );
      })}
    </div>
  );
}
