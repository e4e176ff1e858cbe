/** The followUpDue live event: a toast naming the lead (a link to its page), then lists and badge refetch. */
import type { FollowUp } from '@crm/domain';
import { Anchor } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBellRinging } from '@tabler/icons-react';

/** `open` navigates inside the app: the toasts render outside the router, so the caller passes it. */
export function showFollowUpDueToast(followUp: FollowUp, open: (path: string) => void): void {
  const path = `/leads/${followUp.lead.id}`;
  notifications.show({
    title: 'Seguimiento pendiente',
    color: 'orange',
    icon: <IconBellRinging size={18} />,
    autoClose: 10000,
    message: (
      <>
        Toca contactar a{' '}
        <Anchor
          href={path}
          onClick={(event) => {
            event.preventDefault();
            open(path);
          }}
        >
          {followUp.lead.name}
        </Anchor>
        {followUp.note ? `: ${followUp.note}` : ''}
      </>
    ),
  });
}
