import { USER_STATUSES, type OrganizationUser, type UserStatus } from '@despacho/domain';
import { Button, Group, NativeSelect, Paper, Stack } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListParams } from '../../../lib/useListParams';
import { ListSearchInput } from '../../../ui/ListSearchInput';
import { PageHeader } from '../../../ui/PageHeader';
import { PagedList } from '../../../ui/PagedList';
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
      <PageHeader
        title={nav('screens.settingsUsers.title')}
        breadcrumbs={[
          { label: nav('modules.settings') },
          { label: nav('screens.settingsUsers.title') },
        ]}
        action={
          <Button leftSection={<IconUserPlus size={18} />} onClick={() => setInviting(true)}>
            {t('invite.open')}
          </Button>
        }
        subtitle={t('subtitle')}
      />

      <Stack gap="lg">
        <Paper withBorder radius="lg" p="md">
          <Group align="flex-end" mb="md" wrap="wrap">
            <ListSearchInput
              search={search}
              setSearch={setSearch}
              setParam={setParam}
              label={t('filters.search')}
              placeholder={t('filters.searchPlaceholder')}
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
          <PagedList
            query={users}
            empty={t('table.empty')}
            page={page}
            onPageChange={(next) => setParam('page', String(next))}
            pagesLabel={t('table.pages')}
          >
            {(rows) => <UsersTable users={rows} selfId={actor?.id} onEdit={setEditing} />}
          </PagedList>
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
