/**
 * 'Configuración' (admin): the team settings of docs/settings.md, the custom fields
 * (docs/custom-fields.md), the webhooks (docs/webhooks.md), WhatsApp (docs/whatsapp.md) and the
 * audit log (docs/audit.md), one tab each.
 */
import { Paper, Tabs } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router-dom';
import { PageHeader } from '../components/PageHeader';
import { RoleGate } from '../components/RoleGate';
import { TeamSettingsForm } from '../features/settings/components/TeamSettingsForm';
import { AuditPanel } from '../features/audit/components/AuditPanel';
import { WebhooksPanel } from '../features/webhooks/components/WebhooksPanel';
import { WhatsAppSettingsPanel } from '../features/whatsapp/components/WhatsAppSettingsPanel';
import { CustomFieldsPanel } from '../features/custom-fields/components/CustomFieldsPanel';
import { useTeamSettings } from '../lib/useTeamFormat';

const TABS = {
  equipo: '/configuracion',
  campos: '/configuracion/campos',
  webhooks: '/configuracion/webhooks',
  whatsapp: '/configuracion/whatsapp',
  auditoria: '/configuracion/auditoria',
} as const;
type Tab = keyof typeof TABS;

const SUBTITLES: Record<Tab, string> = {
  equipo: 'País, moneda, formato, zona horaria y días laborables del equipo',
  campos: 'Los datos propios del equipo en cada lead: formularios, tabla, filtros e importación',
  webhooks: 'Avisos firmados a otros sistemas cuando algo cambia',
  whatsapp: 'La conexión con WhatsApp Business: mensajes de los leads en el CRM',
  auditoria: 'Quién hizo qué, cuándo y desde dónde',
};

function TeamTab() {
  const { configured: _configured, offerSetup: _offerSetup, ...settings } = useTeamSettings();
  return (
    <Paper withBorder p="lg" radius="md" maw={720}>
      {/* Keyed by the saved values: a save elsewhere (the setup dialog) starts the form from them. */}
      <TeamSettingsForm key={JSON.stringify(settings)} initial={settings} submitLabel="Guardar cambios" />
    </Paper>
  );
}

function SettingsScreen() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tab = (Object.keys(TABS) as Tab[]).find((key) => TABS[key] === pathname) ?? 'equipo';
  return (
    <>
      <PageHeader title="Configuración" subtitle={SUBTITLES[tab]} />
      <Tabs value={tab} onChange={(value) => value && void navigate(TABS[value as Tab])} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="equipo">Equipo</Tabs.Tab>
          <Tabs.Tab value="campos">Campos personalizados</Tabs.Tab>
          <Tabs.Tab value="webhooks">Webhooks</Tabs.Tab>
          <Tabs.Tab value="whatsapp">WhatsApp</Tabs.Tab>
          <Tabs.Tab value="auditoria">Auditoría</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="equipo">
          <TeamTab />
        </Tabs.Panel>
        <Tabs.Panel value="campos">
          <CustomFieldsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="webhooks">
          <WebhooksPanel />
        </Tabs.Panel>
        <Tabs.Panel value="whatsapp">
          <WhatsAppSettingsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="auditoria">
          <AuditPanel />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

export default function SettingsPage() {
  return (
    <RoleGate screen="settings">
      <SettingsScreen />
    </RoleGate>
  );
}
