/**
 * 'Compartir en el chat': posts a lead card (it opens /leads/:id) to a channel or a colleague.
 * Small enough to drop on any lead screen: <ShareLeadButton lead={{ id, name }} />.
 */
import { ActionIcon } from '@mantine/core';
import { Hint } from '../../../components/hint/Hint';
import { useDisclosure } from '@mantine/hooks';
import { IconShare } from '@tabler/icons-react';
import { Suspense, lazy } from 'react';

// Every lead card has the button; the dialog (a Modal, a Select, the chat's send) loads on click.
const ShareLeadDialog = lazy(() => import('./ShareLeadDialog').then((module) => ({ default: module.ShareLeadDialog })));

export function ShareLeadButton({ lead }: { lead: { id: number; name: string } }) {
  const [opened, dialog] = useDisclosure(false);
  return (
    <>
      <Hint label="Compartir en el chat">
        <ActionIcon variant="subtle" size="sm" aria-label="Compartir en el chat" onClick={dialog.open}>
          <IconShare size={16} />
        </ActionIcon>
      </Hint>
      {opened ? (
        <Suspense fallback={null}>
          <ShareLeadDialog lead={lead} onClose={dialog.close} />
        </Suspense>
      ) : null}
    </>
  );
}
