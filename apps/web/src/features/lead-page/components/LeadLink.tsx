/** A lead's name as a link to its page, carrying the list it was opened from (for 'Volver'). */
import { Anchor, type AnchorProps } from '@mantine/core';
import type { ReactNode, SyntheticEvent } from 'react';
import { Link } from 'react-router-dom';
import { useLeadLinkState } from '../hooks/lead-return';

interface LeadLinkProps extends AnchorProps {
  leadId: number;
  children: ReactNode;
  tabIndex?: number;
  onPointerDown?: (event: SyntheticEvent) => void;
  onKeyDown?: (event: SyntheticEvent) => void;
}

export function LeadLink({ leadId, children, ...props }: LeadLinkProps) {
  const state = useLeadLinkState();
  return (
    <Anchor component={Link} to={`/leads/${leadId}`} state={state} {...props}>
      {children}
    </Anchor>
  );
}
