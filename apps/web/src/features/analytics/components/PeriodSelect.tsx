/** The period select (Último mes, Últimos 3 meses, Último año, Personalizado) and, for Personalizado, a date range. */
import { ANALYTICS_PERIOD_OPTIONS, type AnalyticsPeriod, isOneOf, ANALYTICS_PERIODS } from '@crm/domain';
import { Group, Select } from '@mantine/core';
// The date pickers' Spanish month and day names (DatesProvider locale 'es'), loaded with them.
import 'dayjs/locale/es';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import type { DateRangeValue } from '../hooks/useAnalyticsPeriod';

interface PeriodSelectProps {
  period: AnalyticsPeriod;
  onPeriodChange: (period: AnalyticsPeriod) => void;
  range: DateRangeValue;
  onRangeChange: (range: DateRangeValue) => void;
}

export function PeriodSelect({ period, onPeriodChange, range, onRangeChange }: PeriodSelectProps) {
  return (
    <Group gap="sm" wrap="wrap" justify="flex-end">
      <Select
        aria-label="Período"
        data={ANALYTICS_PERIOD_OPTIONS}
        value={period}
        allowDeselect={false}
        w={190}
        onChange={(value) => {
          if (isOneOf(ANALYTICS_PERIODS, value)) onPeriodChange(value);
        }}
      />
      {period === 'custom' ? (
        <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1 }}>
          <DatePickerInput
            type="range"
            aria-label="Rango de fechas"
            placeholder="Selecciona las fechas"
            valueFormat="DD/MM/YYYY"
            leftSection={<IconCalendar size={16} />}
            value={range}
            onChange={(value) => onRangeChange([value[0] ?? null, value[1] ?? null])}
            maxDate={new Date()}
            allowSingleDateInRange
            miw={240}
          />
        </DatesProvider>
      ) : null}
    </Group>
  );
}
