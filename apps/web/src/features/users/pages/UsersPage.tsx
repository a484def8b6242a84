import { USER_STATUSES, type OrganizationUser, type UserStatus } from '@despacho/domain';
import {
  Alert,
  Button,
  Group,
  NativeSelect,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../lib/server-errors';
import { ListPagination } from '../../../ui/ListPagination';
import { useListParams } from '../../../lib/useListParams';
import { PageHeader } from '../../../ui/PageHeader';
import { useActor } from '../actor';
import { USERS_PAGE_SIZE, useOrganizationUsers } from '../api';
import { EditUserDrawer } from '../components/EditUserDrawer';
import { InviteUserModal } from '../components/InviteUserModal';
import { PendingInvitations } from '../components/PendingInvitations';
import { UsersTable } from '../components/UsersTable';

const isStatus = (value: string | null): value is UserStatus =>
  (USER_STATUSES as readonly (string | null)[]).includes(value);

/**
 * `settings/users`: the organization's users (search, status, pages), invitations, roles and
 * permissions. The search, status filter and page live in the URL, so a reload keeps them.
 */
export function UsersPage() {
  const { t } = useTranslation('users');
  const { t: nav } = useTranslation('navigation');
  const actor = useActor();
  const { params, search, setSearch, debouncedSearch, page, setParam } = useListParams();
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : undefined;
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<OrganizationUser | null>(null);

  const users = useOrganizationUsers({
    search: debouncedSearch || undefined,
    status,
    page,
    pageSize: USERS_PAGE_SIZE,
  });

  return (
    <>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <PageHeader
          title={nav('screens.settingsUsers.title')}
          breadcrumbs={[
            { label: nav('modules.settings') },
            { label: nav('screens.settingsUsers.title') },
          ]}
        />
        <Button leftSection={<IconUserPlus size={18} />} onClick={() => setInviting(true)}>
          {t('invite.open')}
        </Button>
      </Group>
      <Text c="dimmed" mt={-12} mb="lg">
        {t('subtitle')}
      </Text>

      <Stack gap="lg">
        <Paper withBorder radius="lg" p="md">
          <Group align="flex-end" mb="md" wrap="wrap">
            <TextInput
              label={t('filters.search')}
              placeholder={t('filters.searchPlaceholder')}
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(event) => {
                setSearch(event.currentTarget.value);
                setParam('search', event.currentTarget.value.trim() || undefined);
              }}
              style={{ flex: 1, minWidth: 220 }}
            />
            <NativeSelect
              label={t('filters.status')}
              value={status ?? ''}
              onChange={(event) => setParam('status', event.currentTarget.value || undefined)}
              data={[
                { value: '', label: t('filters.allStatuses') },
                ...USER_STATUSES.map((value) => ({ value, label: t(`filters.${value}`) })),
              ]}
              w={180}
            />
          </Group>
          {users.isPending ? (
            <Skeleton h={240} />
          ) : users.isError ? (
            <Alert color="red">{messageOf(users.error)}</Alert>
          ) : users.data.data.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              {t('table.empty')}
            </Text>
          ) : (
            <UsersTable users={users.data.data} selfId={actor?.id} onEdit={setEditing} />
          )}
          {users.data && (
            <ListPagination
              total={users.data.meta.total}
              pageSize={users.data.meta.pageSize}
              page={page}
              onChange={(next) => setParam('page', String(next))}
              label={t('table.pages')}
            />
          )}
        </Paper>
        <PendingInvitations />
      </Stack>

      {actor && (
        <>
          <InviteUserModal opened={inviting} onClose={() => setInviting(false)} actor={actor} />
          <EditUserDrawer user={editing} actor={actor} onClose={() => setEditing(null)} />
        </>
      )}
    </>
  );
}
