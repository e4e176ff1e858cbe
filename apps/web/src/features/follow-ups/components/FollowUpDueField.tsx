/**
 * The follow-up's date and time (es-ES, Mantine's DateTimePicker), shared by 'Programar seguimiento'
 * and the tracking dialog's 'Próximo contacto'. The picker speaks 'YYYY-MM-DD HH:mm:ss' in local time.
 */
import '@mantine/dates/styles.css';
import { DatesProvider, DateTimePicker } from '@mantine/dates';

export function pickerValue(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:00`;
}

export function dueFromPicker(value: string): Date {
  return new Date(value.replace(' ', 'T'));
}

interface FollowUpDueFieldProps {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  /** Required: an empty field shows 'Elige una fecha'; optional: it can be cleared. */
  required?: boolean;
}

export function FollowUpDueField({ label, value, onChange, required = false }: FollowUpDueFieldProps) {
  return (
    <DatesProvider settings={{ locale: 'es' }}>
      <DateTimePicker
        label={label}
        value={value}
        onChange={onChange}
        valueFormat="DD/MM/YYYY HH:mm"
        required={required}
        clearable={!required}
        error={required && !value ? 'Elige una fecha' : undefined}
        popoverProps={{ withinPortal: true }}
      />
    </DatesProvider>
  );
}
