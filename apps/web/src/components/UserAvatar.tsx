/** A user's photo, or their initials ('??' when a name part is missing). */
import { initials } from '@crm/domain';
import { Avatar, type AvatarProps } from '@mantine/core';

interface UserAvatarProps extends Omit<AvatarProps, 'src'> {
  user: { firstName: string | null; lastName: string | null; profileImageUrl?: string | null } | null | undefined;
  /** Shown when there is no user at all (e.g. 'SA' for an unassigned lead). */
  fallback?: string;
}

export function UserAvatar({ user, fallback = '??', ...props }: UserAvatarProps) {
  const name = user ? [user.firstName, user.lastName].filter(Boolean).join(' ') : undefined;
  return (
    <Avatar src={user?.profileImageUrl ?? undefined} alt={name} color="indigo" radius="xl" {...props}>
      {user ? initials(user.firstName, user.lastName) : fallback}
    </Avatar>
  );
}
