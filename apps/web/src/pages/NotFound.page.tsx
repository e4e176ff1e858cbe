/** Any unknown path: the prototype's English not-found text, kept verbatim. */
import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../lib/document-title';

export default function NotFoundPage() {
  useDocumentTitle('Página no encontrada');
  return (
    <Center py={60}>
      <Paper p="xl" radius="lg" withBorder maw={480} w="100%">
        <Stack gap="sm">
          <Title order={1} size="h3">
            <IconAlertCircle size={24} color="var(--mantine-color-red-6)" style={{ verticalAlign: 'middle', marginRight: 8 }} />
            404 Page Not Found
          </Title>
          <Text c="dimmed">Did you forget to add the page to the router?</Text>
          <Button component={Link} to="/" variant="light" w="fit-content">
            Volver al inicio
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
