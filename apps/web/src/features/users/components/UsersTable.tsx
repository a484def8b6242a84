import type { OrganizationUser } from '@despacho/domain';
import { ActionIcon, Badge, Group, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../ui/DataTable';
import { lockMessage } from '../actor';
import { RoleBadge } from './RoleBadge';
import { StatusToggle } from './StatusToggle';
import { WithReason } from './WithReason';

export const displayName = (user: OrganizationUser) =>
  `${user.name} ${user.last_name}`.trim() || user.email;

/** The organization's users: who, role, status (with its toggle) and the edit action. */
export function UsersTable({
  users,
  selfId,
  onEdit,
}: {
  users: OrganizationUser[];
  selfId: string | undefined;
  onEdit: (user: OrganizationUser) => void;
}) {
  const { t } = useTranslation('users');
  return (
    <DataTable
      rows={users}
      rowKey={(user) => user.id}
      label={t('table.label')}
      minWidth={720}
      columns={[
        {
          key: 'user',
          header: t('table.user'),
          cell: (user) => (
            <Stack gap={0}>
              <Group gap={6}>
                <Text fz="sm" fw={600}>
                  {displayName(user)}
                </Text>
                {user.id === selfId && (
                  <Badge size="xs" variant="outline" color="gray">
                    {t('table.you')}
                  </Badge>
                )}
              </Group>
              <Text fz="xs" c="dimmed">
                {user.email}
              </Text>
            </Stack>
          ),
        },
        { key: 'role', header: t('table.role'), cell: (user) => <RoleBadge role={user.role} /> },
        {
          key: 'phone',
          header: t('table.phone'),
          cell: (user) => (
            <Text fz="sm">{user.phone ? `${user.phone_country_code} ${user.phone}` : '—'}</Text>
          ),
        },
        {
          key: 'status',
          header: t('table.status'),
          cell: (user) => <StatusToggle user={user} name={displayName(user)} />,
        },
        {
          key: 'actions',
          header: t('table.actions'),
          hideHeader: true,
          cell: (user) => {
            const editReason = lockMessage(user.locks.edit);
            return (
              <WithReason reason={editReason}>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('actions.editUser', { name: displayName(user) })}
                  disabled={editReason !== null}
                  onClick={() => onEdit(user)}
                >
                  <IconPencil size={18} />
                </ActionIcon>
              </WithReason>
            );
          },
        },
      ]}
    />
  );
}
