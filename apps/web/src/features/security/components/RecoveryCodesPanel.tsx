/** The recovery codes, shown once: copy, download, and a clear warning that they will not be shown again. */
import { Alert, Button, CopyButton, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCopy, IconDownload } from '@tabler/icons-react';

function download(codes: readonly string[]): void {
  const text = `Códigos de recuperación de CRM Ventas\nCada código sirve una sola vez.\n\n${codes.join('\n')}\n`;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'codigos-recuperacion-crm.txt';
  link.click();
  URL.revokeObjectURL(url);
}

export function RecoveryCodesPanel({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  return (
    <Stack>
      <Alert color="orange" icon={<IconAlertTriangle size={18} />} title="Guarda estos códigos ahora">
        No se volverán a mostrar. Si pierdes el teléfono, cada código te deja entrar una sola vez.
      </Alert>
      <SimpleGrid cols={2} spacing="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Códigos de recuperación">
        {codes.map((code) => (
          <Text component="li" key={code} ff="monospace" ta="center" size="sm" data-testid="recovery-code">
            {code}
          </Text>
        ))}
      </SimpleGrid>
      <Group grow>
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button variant="default" leftSection={<IconCopy size={16} />} onClick={copy}>
              {copied ? 'Copiados' : 'Copiar'}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => download(codes)}>
          Descargar
        </Button>
      </Group>
      <Button onClick={onDone}>He guardado los códigos</Button>
    </Stack>
  );
}
