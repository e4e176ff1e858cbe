/** One look (icon and colour) per activity type; anything unknown gets the default. */
import {
  type Icon,
  IconActivity,
  IconFolderPlus,
  IconMessageCircle,
  IconPhoneCall,
  IconTrophy,
  IconUserPlus,
  IconUsersPlus,
} from '@tabler/icons-react';

export interface ActivityLook {
  icon: Icon;
  color: string;
}

const LOOKS: Record<string, ActivityLook> = {
  lead_created: { icon: IconUserPlus, color: 'blue' },
  lead_converted: { icon: IconTrophy, color: 'teal' },
  message_sent: { icon: IconMessageCircle, color: 'violet' },
  group_created: { icon: IconFolderPlus, color: 'orange' },
  lead_contacted: { icon: IconPhoneCall, color: 'cyan' },
  user_created: { icon: IconUsersPlus, color: 'pink' },
};

const DEFAULT_ACTIVITY_LOOK: ActivityLook = { icon: IconActivity, color: 'gray' };

export function activityLook(type: string): ActivityLook {
  return Object.hasOwn(LOOKS, type) ? (LOOKS[type] ?? DEFAULT_ACTIVITY_LOOK) : DEFAULT_ACTIVITY_LOOK;
}
