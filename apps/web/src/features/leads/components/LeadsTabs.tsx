/** The three tabs with their server-side counts under the current filters. */
import { formatNumber } from '@crm/domain';
import { Badge, Tabs } from '@mantine/core';
import { IconFolders, IconPhoneCheck, IconUsers } from '@tabler/icons-react';
import type { LeadsTab } from '../hooks/useLeadsView';
import classes from './LeadsTabs.module.css';
import { type LeadListFilters, useLeadCounts } from '../hooks/useLeadQueries';

function Count({ value }: { value: number | undefined }) {
  if (value === undefined) return null;
  return (
    <Badge size="md" variant="light" circle={value < 10}>
      {formatNumber(value)}
    </Badge>
  );
}

export function LeadsTabs({ tab, filters, onChange }: { tab: LeadsTab; filters: LeadListFilters; onChange: (tab: LeadsTab) => void }) {
  const counts = useLeadCounts(filters);
  return (
    <Tabs
      value={tab}
      onChange={(value) => value && onChange(value as LeadsTab)}
      mb="md"
      classNames={{ tab: classes.tab, tabSection: classes.tabSection }}
    >
      {/* One row even on a phone: the list scrolls sideways rather than wrapping a tab below. */}
      <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
        <Tabs.Tab value="leads" leftSection={<IconUsers size={16} />} rightSection={<Count value={counts.data?.leads} />}>
          Leads Activos
        </Tabs.Tab>
        <Tabs.Tab value="contacted" leftSection={<IconPhoneCheck size={16} />} rightSection={<Count value={counts.data?.contacted} />}>
          Contactados
        </Tabs.Tab>
        <Tabs.Tab value="groups" leftSection={<IconFolders size={16} />} rightSection={<Count value={counts.data?.groups} />}>
          Grupos
        </Tabs.Tab>
      </Tabs.List>
    </Tabs>
  );
}
