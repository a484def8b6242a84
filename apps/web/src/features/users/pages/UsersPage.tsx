import { USER_STATUSES, type OrganizationUser } from '@despacho/domain';
import { Button } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListParams } from '../../../lib/useListParams';
import { ListPage } from '../../../ui/ListPage';
import { ListStatusFilter } from '../../../ui/ListStatusFilter';
import { useActor } from '../actor';
import { USERS_PAGE_SIZE, useOrganizationUsers } from '../api';
import { EditUserDrawer } from '../components/EditUserDrawer';
import { InviteUserModal } from '../components/InviteUserModal';
import { PendingInvitations } from '../components/PendingInvitations';
import { UsersTable } from '../components/UsersTable';

/**
 * `settings/users`: the organization's users (search, status, pages), invitations, roles and
 * permissions. The search, status filter and page live in the URL, so a reload keeps them.
 */
export function UsersPage() {
  const { t } = useTranslation('users');
  const { t: nav } = useTranslation('navigation');
  const actor = useActor();
  const list = useListParams();
  const status = list.choice('status', USER_STATUSES);
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<OrganizationUser | null>(null);

  const users = useOrganizationUsers({
    search: list.debouncedSearch || undefined,
    status,
    page: list.page,
    pageSize: USERS_PAGE_SIZE,
  });

  return (
    <>
      <ListPage
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
        list={list}
        search={{ label: t('filters.search'), placeholder: t('filters.searchPlaceholder') }}
        filters={
          <ListStatusFilter
            list={list}
            statuses={USER_STATUSES}
            label={t('filters.status')}
            allLabel={t('filters.allStatuses')}
            statusLabel={(value) => t(`filters.${value}`)}
            w={180}
          />
        }
        query={users}
        empty={t('table.empty')}
        pagesLabel={t('table.pages')}
        below={<PendingInvitations />}
      >
        {(rows) => <UsersTable users={rows} selfId={actor?.id} onEdit={setEditing} />}
      </ListPage>

      {actor && (
        <>
          <InviteUserModal opened={inviting} onClose={() => setInviting(false)} actor={actor} />
          <EditUserDrawer user={editing} actor={actor} onClose={() => setEditing(null)} />
        </>
      )}
    </>
  );
}
