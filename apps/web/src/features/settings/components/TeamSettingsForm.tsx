/**
 * País, moneda, valor por conversión, formato, zona horaria y días laborables (docs/settings.md): the setup dialog and the
 * 'Configuración' screen share this form and the domain's schema. Choosing a country proposes its
 * currency, format and zone; when it changes, the form says how many stored phones without a
 * country code the save would re-read ('Se actualizarán N teléfonos') and lets the admin choose.
 */
import {
  TEAM_COUNTRY_OPTIONS,
  TEAM_CURRENCIES,
  TEAM_LOCALES,
  TEAM_LOCALE_LABELS,
  type TeamSettings,
  type TeamSettingsInput,
  WEEKDAY_LABELS,
  formatCount,
  teamFormat,
  teamPhoneFormat,
  teamSettingsSchema,
} from '@crm/domain';
import { Button, Checkbox, Chip, Group, Input, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DeferredSelect } from '../../../components/deferred-select/DeferredSelect';
import { useTRPC } from '../../../lib/trpc';
import { useSaveTeamSettings } from '../hooks/useSaveTeamSettings';

// Plain inputs until first used (DeferredSelect): a Select renders its whole list, hundreds of zones,
// while closed, and the setup dialog opens over the first admin's first screen.
// 'UTC', a server's default zone, is not among the browser's canonical zones: without it the field showed empty.
const ZONES = [...new Set(['UTC', ...Intl.supportedValuesOf('timeZone')])].map((zone) => ({ value: zone, label: zone }));
const COUNTRY_DATA = TEAM_COUNTRY_OPTIONS.map((option) => ({ value: option.value, label: option.label }));
const CURRENCY_DATA = TEAM_CURRENCIES.map((currency) => ({ value: currency, label: currency }));
const LOCALE_DATA = TEAM_LOCALES.map((locale) => ({ value: locale, label: TEAM_LOCALE_LABELS[locale] }));

interface TeamSettingsFormProps {
  initial: TeamSettings;
  submitLabel: string;
  onSaved?: () => void;
  /** Beside the submit button (the setup's 'Ahora no'). */
  secondary?: ReactNode;
}

export function TeamSettingsForm({ initial, submitLabel, onSaved, secondary }: TeamSettingsFormProps) {
  const trpc = useTRPC();
  const save = useSaveTeamSettings(onSaved);
  const form = useForm<TeamSettingsInput & { rereadPhones: boolean }>({
    initialValues: { ...initial, rereadPhones: true },
    validate: schemaResolver(teamSettingsSchema, { sync: true }),
  });
  const country = form.values.country.toUpperCase();
  const countryChanged = country !== initial.country;
  const toReread = useQuery({
    ...trpc.settings.phonesToReread.queryOptions({ country }),
    enabled: countryChanged && country.length === 2,
  });
  const preview = teamSettingsSchema.safeParse(form.values);
  const example = preview.success
    ? { ...teamFormat(preview.data), phonePlaceholder: teamPhoneFormat(preview.data.country).placeholder() }
    : null;

  const chooseCountry = (value: string | null) => {
    const option = TEAM_COUNTRY_OPTIONS.find((candidate) => candidate.value === value);
    if (!option) return;
    form.setValues({ country: option.value, currency: option.currency, locale: option.locale, timeZone: option.timeZone });
  };

  return (
    <form onSubmit={form.onSubmit((values) => save.mutate({ ...values, rereadPhones: countryChanged && values.rereadPhones }))} noValidate>
      <Stack gap="md">
        <DeferredSelect
          label="País"
          description="Los teléfonos escritos sin código de país se leen como de este país"
          data={COUNTRY_DATA}
          searchable
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('country')}
          onChange={chooseCountry}
        />
        {countryChanged && toReread.data ? (
          <Checkbox
            label={`Releer los teléfonos guardados sin código de país: ${toReread.data.count === 1 ? 'se actualizará' : 'se actualizarán'} ${formatCount(toReread.data.count, 'teléfono', 'teléfonos')}`}
            {...form.getInputProps('rereadPhones', { type: 'checkbox' })}
          />
        ) : null}
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <DeferredSelect
            label="Moneda"
            data={CURRENCY_DATA}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('currency')}
          />
          <DeferredSelect
            label="Formato"
            data={LOCALE_DATA}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('locale')}
          />
        </SimpleGrid>
        <TextInput
          label={`Valor por conversión (${form.values.currency})`}
          description="Lo que vale un lead convertido sin importe: suma en 'Ingresos del Mes', análisis y el embudo"
          inputMode="decimal"
          {...form.getInputProps('valuePerConversion')}
        />
        <DeferredSelect
          label="Zona horaria"
          description="Cuándo empieza 'hoy' para los seguimientos"
          data={ZONES}
          searchable
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('timeZone')}
        />
        <Input.Wrapper label="Días laborables" error={form.errors.workingDays}>
          <Chip.Group
            multiple
            value={form.values.workingDays.map(String)}
            onChange={(days) => form.setFieldValue('workingDays', days.map(Number))}
          >
            <Group gap={6} mt={6}>
              {[1, 2, 3, 4, 5, 6, 7].map((day) => (
                <Chip key={day} value={String(day)} size="sm">
                  {WEEKDAY_LABELS[day]}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Input.Wrapper>
        {example ? (
          <Text size="sm" c="dimmed" data-testid="settings-example">
            Así se verá: {example.money(1500)} · {example.dateTime(new Date())} · {example.phonePlaceholder}
          </Text>
        ) : null}
        <Group justify="flex-end">
          {secondary}
          <Button type="submit" loading={save.isPending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
