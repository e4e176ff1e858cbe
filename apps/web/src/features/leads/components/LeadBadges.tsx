/** The category and status badges of a lead card, coloured so the eye finds them at a glance. */
import { type LeadCategory, type LeadStatus, categoryLabel, isLeadCategory, isLeadStatus, statusLabel } from '@crm/domain';
import { Badge } from '@mantine/core';

const CATEGORY_COLORS: Record<LeadCategory, string> = {
  tecnologia: 'blue',
  salud: 'teal',
  educacion: 'grape',
  finanzas: 'yellow',
  retail: 'orange',
  legal: 'red',
  inmobiliario: 'cyan',
  otros: 'gray',
};

const STATUS_COLORS: Record<LeadStatus, string> = {
  nuevo: 'blue',
  contactado: 'green',
  interesado: 'violet',
  convertido: 'teal',
  perdido: 'gray',
};

export function CategoryBadge({ category }: { category: string }) {
  // An unknown stored value reads as Tecnología, so it gets Tecnología's colour too.
  const color = CATEGORY_COLORS[isLeadCategory(category) ? category : 'tecnologia'];
  return (
    <Badge variant="light" color={color}>
      {categoryLabel(category)}
    </Badge>
  );
}

export function StatusBadge({ status }: { status: string }) {
  const color = STATUS_COLORS[isLeadStatus(status) ? status : 'nuevo'];
  return (
    <Badge variant="outline" color={color}>
      {statusLabel(status)}
    </Badge>
  );
}
