import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, string> = {
  owner: 'grape',
  administrator: 'blue',
  member: 'teal',
  shipping: 'orange',
};

/** A user's or invitation's role; a role outside the system ones shows its key. */
export function RoleBadge({ role }: { role: string | null }) {
  const { t } = useTranslation('users');
  if (!role) return null;
  return (
    <Badge variant="light" color={COLORS[role] ?? 'gray'} miw="max-content">
      {t(`roles.${role}`, { defaultValue: role })}
    </Badge>
  );
}
