/**
 * The follow-up's day and time on the team's clock (docs/leads.md, 'Seguimientos'), shared by
 * 'Programar seguimiento' and the tracking dialog's 'Próximo contacto': a day picker, a plain time
 * field (typing '11:45' gives 11:45) and the presets. A time in the past is refused here as the
 * server refuses it.
 */
import '@mantine/dates/styles.css';
import { FOLLOW_UP_IN_PAST, followUpPresets, instantAt, isPastDue, wallTime } from '@crm/domain';
import { Button, Group, Input, Stack } from '@mantine/core';
// The date pickers' Spanish month and day names (DatesProvider locale 'es'), loaded with them.
import 'dayjs/locale/es';
import { DatePickerInput, DatesProvider, TimeInput } from '@mantine/dates';
import { useId } from 'react';
import { useTeamSettings } from '../../../lib/useTeamFormat';

const pad = (value: number) => String(value).padStart(2, '0');

interface FollowUpDueFieldProps {
  label: string;
  value: Date | null;
  onChange: (value: Date | null) => void;
  /** Required: an empty field shows 'Elige una fecha'; optional: it can be cleared. */
  required?: boolean;
}

/** Why the value cannot be saved, or null. */
export function dueError(value: Date | null, required: boolean): string | null {
  if (!value) return required ? 'Elige una fecha' : null;
  return isPastDue(value) ? FOLLOW_UP_IN_PAST : null;
}

export function FollowUpDueField({ label, value, onChange, required = false }: FollowUpDueFieldProps) {
  const settings = useTeamSettings();
  const id = useId();
  const wall = value ? wallTime(value, settings.timeZone) : null;
  const day = wall ? `${wall.year}-${pad(wall.month)}-${pad(wall.day)}` : null;
  const time = wall ? `${pad(wall.hour)}:${pad(wall.minute)}` : '';
  const at = (nextDay: string | null, nextTime: string) => {
    if (!nextDay) return onChange(null);
    const [year, month, date] = nextDay.split('-').map(Number);
    const [hour, minute] = (nextTime || '10:00').split(':').map(Number);
    onChange(instantAt({ year: year ?? 0, month: month ?? 1, day: date ?? 1, hour: hour ?? 10, minute: minute ?? 0 }, settings.timeZone));
  };
  const error = dueError(value, required);
  return (
    <DatesProvider settings={{ locale: 'es' }}>
      <Input.Wrapper label={label} required={required} error={error} id={`${id}-day`}>
        <Stack gap="xs" mt={4}>
          <Group gap="xs" grow wrap="nowrap" align="flex-start">
            <DatePickerInput
              id={`${id}-day`}
              placeholder="Elige el día"
              valueFormat="DD/MM/YYYY"
              value={day}
              onChange={(next) => at(next, time)}
              clearable={!required}
              error={Boolean(error)}
              popoverProps={{ withinPortal: true }}
            />
            <TimeInput
              aria-label={`${label}: hora`}
              value={time}
              onChange={(event) => at(day, event.currentTarget.value)}
              error={Boolean(error)}
            />
          </Group>
          <Group gap={6}>
            {followUpPresets(new Date(), settings).map((preset) => (
              <Button key={preset.label} size="compact-xs" variant="default" onClick={() => onChange(preset.dueAt)}>
                {preset.label}
              </Button>
            ))}
          </Group>
        </Stack>
      </Input.Wrapper>
    </DatesProvider>
  );
}
