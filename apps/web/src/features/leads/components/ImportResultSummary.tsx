/** What an import did: imported, skipped and total rows, and one line per skipped row. */
import { type ImportResult, formatNumber } from '@crm/domain';
import { Alert, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';

/** A large file can skip thousands of rows; the first ones are enough to see what went wrong. */
const SHOWN_ERRORS = 100;

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Stack gap={0} align="center">
      <Text fw={700} size="lg">
        {formatNumber(value)}
      </Text>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
}

export function ImportResultSummary({ result }: { result: ImportResult }) {
  return (
    <Alert color="green" icon={<IconCircleCheck />} title={`Resultado de la importación: ${result.groupName}`} data-testid="import-result">
      <Stack gap="sm">
        <Group justify="space-around">
          <Figure label="Importados" value={result.imported} />
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
                  <Text key={index} size="xs" c="red.8" style={{ overflowWrap: 'anywhere' }}>
                    {line}
                  </Text>
                ))}
                {result.errors.length > SHOWN_ERRORS ? (
                  <Text size="xs" c="dimmed">
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
