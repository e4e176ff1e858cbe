/** What an import did: imported, updated, skipped and total rows, and one line per skipped row. */
import { type ImportJobState, formatNumber } from '@crm/domain';
import { Alert, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { SECONDARY_TEXT } from './import-text';

/** A large file can skip thousands of rows; the first ones are enough to see what went wrong. */
const SHOWN_ERRORS = 100;

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Stack gap={0} align="center">
      <Text fw={700} size="lg">
        {formatNumber(value)}
      </Text>
      <Text size="xs" c={SECONDARY_TEXT}>
        {label}
      </Text>
    </Stack>
  );
}

type ImportOutcome = Pick<ImportJobState, 'groupName' | 'imported' | 'updated' | 'skipped' | 'total' | 'errors'>;

export function ImportResultSummary({ result }: { result: ImportOutcome }) {
  return (
    <Alert
      color="green"
      icon={<IconCircleCheck />}
      // The light alert's own green is 2.4:1 on its background: the title is in the text colour.
      title={
        <Text span fw={700} size="sm" c="var(--mantine-color-text)">
          Resultado de la importación: {result.groupName ?? ''}
        </Text>
      }
      data-testid="import-result"
    >
      <Stack gap="sm">
        <Group justify="space-around">
          <Figure label="Importados" value={result.imported} />
          {result.updated > 0 ? <Figure label="Actualizados" value={result.updated} /> : null}
          <Figure label="Omitidos" value={result.skipped} />
          <Figure label="Total" value={result.total} />
        </Group>
        {result.errors.length > 0 ? (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Filas omitidas:
            </Text>
            <ScrollArea.Autosize mah={140} type="auto">
              <Stack gap={2}>
                {result.errors.slice(0, SHOWN_ERRORS).map((line, index) => (
                  <Text key={index} size="xs" c="red.9" style={{ overflowWrap: 'break-word' }}>
                    {line}
                  </Text>
                ))}
                {result.errors.length > SHOWN_ERRORS ? (
                  <Text size="xs" c={SECONDARY_TEXT}>
                    … y {formatNumber(result.errors.length - SHOWN_ERRORS)} más
                  </Text>
                ) : null}
              </Stack>
            </ScrollArea.Autosize>
          </Stack>
        ) : null}
      </Stack>
    </Alert>
  );
}
