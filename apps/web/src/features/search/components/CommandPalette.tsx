/**
 * Ctrl+K / ⌘K from any screen (docs/leads.md, 'Buscar todo'): leads by name, email, phone fragment
 * or domain, people, groups and a few actions; arrows move, Enter opens, Esc closes. Loaded and
 * mounted the first time it is asked for (CommandPaletteLoader), then it stays.
 */
import '@mantine/spotlight/styles.css';
import { can, statusLabel } from '@crm/domain';
import { Loader } from '@mantine/core';
import { Spotlight, type SpotlightStore, createSpotlight } from '@mantine/spotlight';
import { IconArrowRight, IconSearch, IconTargetArrow, IconUser, IconUsersGroup } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCurrentUser } from '../../../auth/CurrentUserContext';
import { useTeamPhoneFormat } from '../../../lib/phone-format';
import { useLeadLinkState } from '../../lead-page/hooks/lead-return';
import { matchingActions } from '../hooks/palette-actions';
import { registerCommandPalette } from '../palette-opener';
import { usePaletteSearch } from '../hooks/usePaletteSearch';

const [paletteStore, palette] = createSpotlight();

/**
 * Marks the first result selected, as Spotlight does itself when the query changes: our results
 * arrive later (from the server), and Enter should open the best hit, not nothing.
 */
function selectFirstResult(store: SpotlightStore): void {
  const { listId } = store.getState();
  const list = listId ? document.getElementById(listId) : null;
  if (!list) return;
  list.querySelector('[data-selected]')?.removeAttribute('data-selected');
  list.querySelector('[data-action]')?.setAttribute('data-selected', 'true');
  store.updateState((state) => ({ ...state, selected: 0 }));
}

export default function CommandPalette() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const phones = useTeamPhoneFormat();
  const linkState = useLeadLinkState();
  const [query, setQuery] = useState('');
  const { results, searching } = usePaletteSearch(query);
  const actions = matchingActions(query, can(user, 'lead.manage'));
  // Results arrive after the query changed: the first one is selected again, so Enter opens the best hit.
  useEffect(() => {
    selectFirstResult(paletteStore);
  }, [results]);
  // Mounted because someone asked for it: open now, and take the next requests directly.
  useEffect(() => {
    registerCommandPalette(palette.open);
    palette.open();
  }, []);
  const empty = results.leads.length + results.users.length + results.groups.length + actions.length === 0;
  const leadDetail = (email: string | null, phone: string | null) =>
    [email, phone ? phones.phone(phone) : null].filter(Boolean).join(' · ');

  return (
    <Spotlight.Root
      store={paletteStore}
      query={query}
      onQueryChange={setQuery}
      // Ctrl+K works while typing in a field too: the palette is reachable from anywhere.
      tagsToIgnore={[]}
      scrollable
      maxHeight={480}
      // Spotlight's descriptions are faded (0.7) on the selected row's colour: under 4.5:1 contrast.
      styles={{ actionDescription: { opacity: 1 } }}
      attributes={{ content: { 'aria-label': 'Buscar en el CRM' } }}
    >
      <Spotlight.Search
        placeholder="Buscar leads, personas, grupos o acciones…"
        aria-label="Buscar leads, personas, grupos o acciones"
        leftSection={<IconSearch size={18} stroke={1.6} />}
        rightSection={searching ? <Loader size="xs" aria-label="Buscando" /> : null}
      />
      <Spotlight.ActionsList aria-label="Resultados">
        {results.leads.length > 0 ? (
          <Spotlight.ActionsGroup label="Leads">
            {results.leads.map((lead) => (
              <Spotlight.Action
                key={`lead-${lead.id}`}
                label={lead.name}
                description={[leadDetail(lead.email, lead.phone), statusLabel(lead.status)].filter(Boolean).join(' — ')}
                leftSection={<IconTargetArrow size={18} stroke={1.6} />}
                onClick={() => void navigate(`/leads/${lead.id}`, { state: linkState })}
              />
            ))}
          </Spotlight.ActionsGroup>
        ) : null}
        {results.users.length > 0 ? (
          <Spotlight.ActionsGroup label="Personas">
            {results.users.map((person) => (
              <Spotlight.Action
                key={`user-${person.id}`}
                label={person.name}
                description={person.email ? `${person.email} — ver sus leads` : 'Ver sus leads'}
                leftSection={<IconUser size={18} stroke={1.6} />}
                onClick={() => void navigate(`/leads?asignado=${person.id}`)}
              />
            ))}
          </Spotlight.ActionsGroup>
        ) : null}
        {results.groups.length > 0 ? (
          <Spotlight.ActionsGroup label="Grupos">
            {results.groups.map((group) => (
              <Spotlight.Action
                key={`group-${group.id}`}
                label={group.name}
                description="Ver los leads del grupo"
                leftSection={<IconUsersGroup size={18} stroke={1.6} />}
                onClick={() => void navigate(`/leads?grupo=${group.id}`)}
              />
            ))}
          </Spotlight.ActionsGroup>
        ) : null}
        {actions.length > 0 ? (
          <Spotlight.ActionsGroup label="Acciones">
            {actions.map((action) => (
              <Spotlight.Action
                key={action.id}
                label={action.label}
                description={action.description}
                leftSection={<IconArrowRight size={18} stroke={1.6} />}
                onClick={() => void navigate(action.path, action.state ? { state: action.state } : undefined)}
              />
            ))}
          </Spotlight.ActionsGroup>
        ) : null}
        {empty ? <Spotlight.Empty>{searching ? 'Buscando…' : 'Sin resultados'}</Spotlight.Empty> : null}
      </Spotlight.ActionsList>
    </Spotlight.Root>
  );
}
