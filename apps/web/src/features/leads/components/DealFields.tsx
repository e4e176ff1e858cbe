/**
 * The deal's fields of the edit dialog (docs/leads.md, 'Valor del trato'): the amount in its
 * currency, the expected close date, and the lost reason while the status is 'perdido' (asked, optional).
 */
import { SimpleGrid, TextInput, Textarea, type TextareaProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { LOST_REASON_MAX } from '@crm/domain';

/** '1500,50' (typed the Spanish way) → '1500.50'; anything else goes to the schema as typed. */
export function amountFromInput(value: string): string {
  return value.trim().replace(/^(\d+),(\d{1,2})$/, '$1.$2');
}

/** 'Motivo de pérdida': asked with a move to perdido, never required. */
export function LostReasonField(props: TextareaProps) {
  return (
    <Textarea
      label="Motivo de pérdida"
      description="Opcional: ayuda a entender por qué se pierden tratos"
      autosize
      minRows={2}
      maxLength={LOST_REASON_MAX}
      {...props}
    />
  );
}

interface DealValues {
  amount: string;
  expectedCloseDate: string;
  lostReason: string;
}

export function DealFields<T extends DealValues>({
  form,
  currency,
  lost,
}: {
  form: UseFormReturnType<T>;
  currency: string;
  lost: boolean;
}) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={`Importe (${currency})`}
          inputMode="decimal"
          placeholder="Ej. 1500,50"
          description="Sin importe, vale lo que el equipo cuenta por conversión"
          {...form.getInputProps('amount')}
        />
        <TextInput label="Cierre previsto" type="date" {...form.getInputProps('expectedCloseDate')} />
      </SimpleGrid>
      {lost ? <LostReasonField {...form.getInputProps('lostReason')} /> : null}
    </>
  );
}
