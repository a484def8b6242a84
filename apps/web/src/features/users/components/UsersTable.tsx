import type { OrganizationUser } from '@despacho/domain';
import { ActionIcon, Badge, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
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
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" highlightOnHover aria-label={t('table.label')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('table.user')}</Table.Th>
            <Table.Th>{t('table.role')}</Table.Th>
            <Table.Th>{t('table.phone')}</Table.Th>
            <Table.Th>{t('table.status')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('table.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => {
            const name = displayName(user);
            const editReason = lockMessage(user.locks.edit);
            return (
              <Table.Tr key={user.id}>
                <Table.Td>
                  <Stack gap={0}>
                    <Group gap={6}>
                      <Text fz="sm" fw={600}>
                        {name}
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
                </Table.Td>
                <Table.Td>
                  <RoleBadge role={user.role} />
                </Table.Td>
                <Table.Td>
                  <Text fz="sm">
                    {user.phone ? `${user.phone_country_code} ${user.phone}` : '—'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <StatusToggle user={user} name={name} />
                </Table.Td>
                <Table.Td>
                  <WithReason reason={editReason}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('actions.editUser', { name })}
                      disabled={editReason !== null}
                      onClick={() => onEdit(user)}
                    >
                      <IconPencil size={18} />
                    </ActionIcon>
                  </WithReason>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
