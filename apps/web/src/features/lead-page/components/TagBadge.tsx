/** A tag as a coloured badge; its text colour is picked for contrast with the tag's colour. */
import type { Tag } from '@crm/domain';
import { Badge } from '@mantine/core';

export function TagBadge({ tag }: { tag: Tag }) {
  return (
    <Badge color={tag.color} autoContrast variant="filled" radius="sm" tt="none">
      {tag.name}
    </Badge>
  );
}
