/** A custom value as the lead page and the table show it: money and dates in the team's format, flags as Sí/No, links that open. */
import type { CustomFieldDefinition, CustomFieldValue as Value } from '@crm/domain';
import { Anchor, Text } from '@mantine/core';
import { useTeamFormat } from '../../../lib/useTeamFormat';
import { LeadPhone } from '../../leads/components/LeadPhone';

/** 'YYYY-MM-DD' as the team reads a calendar day, with no time zone to shift it. */
function calendarDay(value: string): string {
  const [year, month, day] = value.split('-');
  return `${day}/${month}/${year}`;
}

export function CustomFieldValue({ definition, value }: { definition: CustomFieldDefinition; value: Value | undefined }) {
  const format = useTeamFormat();
  if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return <Text size="sm">—</Text>;
  if (typeof value === 'boolean') return <Text size="sm">{value ? 'Sí' : 'No'}</Text>;
  if (Array.isArray(value)) return <Text size="sm">{value.join(', ')}</Text>;
  const text = String(value);
  switch (definition.type) {
    case 'money':
      return <Text size="sm">{format.money(Number(text), 2)}</Text>;
    case 'number':
      return <Text size="sm">{Number(text).toLocaleString(format.settings.locale)}</Text>;
    case 'date':
      return <Text size="sm">{calendarDay(text)}</Text>;
    case 'url':
      return (
        <Anchor size="sm" href={text} target="_blank" rel="noopener noreferrer" onClick={(event) => event.stopPropagation()}>
          {text.replace(/^https?:\/\//, '')}
        </Anchor>
      );
    case 'email':
      return (
        <Anchor size="sm" href={`mailto:${text}`} onClick={(event) => event.stopPropagation()}>
          {text}
        </Anchor>
      );
    case 'phone':
      return <LeadPhone phone={text} />;
    case 'text':
    case 'long_text':
    case 'select':
    case 'multi_select':
    case 'checkbox':
      return (
        <Text size="sm" style={{ whiteSpace: definition.type === 'long_text' ? 'pre-wrap' : undefined }}>
          {text}
        </Text>
      );
  }
}
