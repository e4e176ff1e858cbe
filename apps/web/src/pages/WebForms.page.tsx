/** 'Formularios' (admin, manager): the web forms that bring leads from websites, their links, embed code and submissions. */
import type { WebForm } from '@crm/domain';
import { Button, Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadError } from '../components/LoadError';
import { PageHeader } from '../components/PageHeader';
import { RoleGate } from '../components/RoleGate';
import { DeleteWebFormDialog } from '../features/web-forms/components/DeleteWebFormDialog';
import { WebFormCard } from '../features/web-forms/components/WebFormCard';
import { WebFormDialog } from '../features/web-forms/components/WebFormDialog';
import { WebFormSubmissionsDialog } from '../features/web-forms/components/WebFormSubmissionsDialog';
import { useTRPC } from '../lib/trpc';

function WebForms() {
  const trpc = useTRPC();
  // Submissions arrive from websites, not from this screen: the counts catch up every half minute.
  const forms = useQuery({ ...trpc.webForms.list.queryOptions(), refetchInterval: 30_000 });
  // undefined: closed; null: creating; a form: editing.
  const [editing, setEditing] = useState<WebForm | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<WebForm | null>(null);
  const [reading, setReading] = useState<WebForm | null>(null);
  let body;
  if (forms.isError) body = <LoadError title="No se pudieron cargar los formularios" query={forms} />;
  else if (!forms.data) {
    body = (
      <SimpleGrid cols={{ base: 1, md: 2 }} aria-label="Cargando formularios">
        {[0, 1].map((cell) => (
          <Skeleton key={cell} h={190} />
        ))}
      </SimpleGrid>
    );
  } else if (forms.data.length === 0) {
    body = (
      <Card>
        <Text c="dimmed" ta="center">
          Aún no hay formularios. Crea uno para recibir leads desde tu sitio web.
        </Text>
      </Card>
    );
  } else {
    body = (
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {forms.data.map((form) => (
          <WebFormCard
            key={form.id}
            form={form}
            onEdit={() => setEditing(form)}
            onDelete={() => setDeleting(form)}
            onSubmissions={() => setReading(form)}
          />
        ))}
      </SimpleGrid>
    );
  }
  return (
    <>
      <PageHeader
        title="Formularios"
        subtitle="Capta leads desde tu sitio web: cada envío llega al vendedor que toca"
        actions={
          <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing(null)}>
            Crear formulario
          </Button>
        }
      />
      {body}
      <WebFormDialog form={editing} onClose={() => setEditing(undefined)} />
      <DeleteWebFormDialog form={deleting} onClose={() => setDeleting(null)} />
      <WebFormSubmissionsDialog form={reading} onClose={() => setReading(null)} />
    </>
  );
}

export default function WebFormsPage() {
  return (
    <RoleGate screen="webForms">
      <WebForms />
    </RoleGate>
  );
}
