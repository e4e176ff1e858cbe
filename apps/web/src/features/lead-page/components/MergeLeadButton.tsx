/** 'Fusionar con…' on a lead's page (admin, manager); a `?fusionar=<id>` link (a duplicate's alert) opens it on that lead. */
import type { LeadListItem } from '@crm/domain';
import { Button } from '@mantine/core';
import { IconArrowMerge } from '@tabler/icons-react';
import { useSearchParams } from 'react-router-dom';
import { MergeLeadDialog } from './MergeLeadDialog';

/** The address parameter that asks for the dialog, with the other lead's id. */
export const MERGE_PARAM = 'fusionar';

export function MergeLeadButton({ lead }: { lead: LeadListItem }) {
  const [params, setParams] = useSearchParams();
  const requested = params.get(MERGE_PARAM);
  const requestedId = requested === null ? NaN : Number(requested);
  const opened = requested !== null;
  const setOpened = (open: boolean, otherId?: number) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (open) next.set(MERGE_PARAM, otherId === undefined ? '' : String(otherId));
        else next.delete(MERGE_PARAM);
        return next;
      },
      { replace: true },
    );
  return (
    <>
      <Button variant="light" leftSection={<IconArrowMerge size={16} />} onClick={() => setOpened(true)}>
        Fusionar con…
      </Button>
      <MergeLeadDialog
        lead={lead}
        opened={opened}
        onClose={() => setOpened(false)}
        initialOtherId={Number.isInteger(requestedId) && requestedId > 0 && requestedId !== lead.id ? requestedId : null}
      />
    </>
  );
}
