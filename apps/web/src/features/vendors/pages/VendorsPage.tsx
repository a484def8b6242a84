import { VENDOR_STATUSES, type VendorStatus, type VendorView } from '@despacho/domain';
import { Badge, Button, Group, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../lib/server-errors';
import { useListParams } from '../../../lib/useListParams';
import { ConfirmDeleteModal } from '../../../ui/ConfirmDeleteModal';
import { DataTable } from '../../../ui/DataTable';
import { ListPage } from '../../../ui/ListPage';
import { ListStatusFilter } from '../../../ui/ListStatusFilter';
import { RowActions } from '../../../ui/RowActions';
import { VENDORS_PAGE_SIZE, useRefreshVendors, useVendors, vendorsApi } from '../api';
import { VendorDrawer } from '../components/VendorDrawer';

/**
 * `settings/vendors`: the organization's vendors (search, status filter and page in the URL),
 * enabled or disabled from the list, created and edited in a drawer with the address fields.
 */
export function VendorsPage() {
  const { t } = useTranslation('vendors');
  const { t: nav } = useTranslation('navigation');
  const list = useListParams();
  const status = list.choice('status', VENDOR_STATUSES);
  const [drawer, setDrawer] = useState<{ vendor: VendorView | null } | null>(null);
  const [deleting, setDeleting] = useState<VendorView | null>(null);
  const refresh = useRefreshVendors();
  const vendors = useVendors({
    search: list.debouncedSearch || undefined,
    status,
    page: list.page,
    pageSize: VENDORS_PAGE_SIZE,
  });

  const onFailure = (error: unknown) =>
    notifications.show({ color: 'red', message: messageOf(error) });
  const setStatus = useMutation({
    mutationFn: ({ vendor, next }: { vendor: VendorView; next: VendorStatus }) =>
      vendorsApi.setStatus(vendor.id, next),
    onSuccess: async (vendor) => {
      notifications.show({
        color: 'teal',
        message: t(`status.${vendor.status}Done`, { name: vendor.name }),
      });
      await refresh();
    },
    onError: onFailure,
  });
  const remove = useMutation({
    mutationFn: (vendor: VendorView) => vendorsApi.remove(vendor.id),
    onSuccess: async (_result, vendor) => {
      notifications.show({ color: 'teal', message: t('delete.done', { name: vendor.name }) });
      await refresh();
    },
    onError: onFailure,
  });
  const filtered = Boolean(list.debouncedSearch || status);

  return (
    <>
      <ListPage
        title={nav('screens.settingsVendors.title')}
        breadcrumbs={[
          { label: nav('modules.settings') },
          { label: nav('screens.settingsVendors.title') },
        ]}
        action={
          <Button leftSection={<IconPlus size={18} />} onClick={() => setDrawer({ vendor: null })}>
            {t('create.open')}
          </Button>
        }
        subtitle={t('subtitle')}
        list={list}
        search={{ label: t('filters.search'), placeholder: t('filters.searchPlaceholder') }}
        filters={
          <ListStatusFilter
            list={list}
            statuses={VENDOR_STATUSES}
            label={t('filters.status')}
            allLabel={t('filters.allStatuses')}
            statusLabel={(value) => t(`filters.${value}`)}
            w={200}
          />
        }
        query={vendors}
        empty={filtered ? t('filters.empty') : t('empty')}
        loadingHeight={200}
        pagesLabel={t('table.pages')}
      >
        {(rows) => (
          <DataTable
            rows={rows}
            rowKey={(vendor) => vendor.id}
            minWidth={760}
            columns={[
              {
                key: 'name',
                header: t('table.name'),
                cell: (vendor) => (
                  <Text fw={600} fz="sm">
                    {vendor.name}
                  </Text>
                ),
              },
              {
                key: 'code',
                header: t('table.code'),
                cell: (vendor) => (
                  <Text fz="sm" ff="monospace">
                    {vendor.code}
                  </Text>
                ),
              },
              {
                key: 'email',
                header: t('table.email'),
                cell: (vendor) => <Text fz="sm">{vendor.email}</Text>,
              },
              {
                key: 'location',
                header: t('table.location'),
                cell: (vendor) => (
                  <Text fz="sm">
                    {vendor.address.city}, {vendor.address.state}
                  </Text>
                ),
              },
              {
                key: 'status',
                header: t('table.status'),
                cell: (vendor) => (
                  <Group gap="sm" wrap="nowrap">
                    <Switch
                      checked={vendor.status === 'enabled'}
                      disabled={setStatus.isPending && setStatus.variables?.vendor.id === vendor.id}
                      onChange={(event) =>
                        setStatus.mutate({
                          vendor,
                          next: event.currentTarget.checked ? 'enabled' : 'disabled',
                        })
                      }
                      aria-label={t('status.toggle', { name: vendor.name })}
                    />
                    <Badge
                      size="sm"
                      variant="light"
                      color={vendor.status === 'enabled' ? 'teal' : 'gray'}
                    >
                      {t(`statuses.${vendor.status}`)}
                    </Badge>
                  </Group>
                ),
              },
              {
                key: 'actions',
                header: t('table.actions'),
                width: 100,
                cell: (vendor) => (
                  <RowActions
                    actions={[
                      {
                        label: t('actions.editFor', { name: vendor.name }),
                        tooltip: t('actions.edit'),
                        icon: <IconEdit size={18} />,
                        onClick: () => setDrawer({ vendor }),
                      },
                      {
                        label: t('actions.deleteFor', { name: vendor.name }),
                        tooltip: t('actions.delete'),
                        icon: <IconTrash size={18} />,
                        color: 'red',
                        onClick: () => setDeleting(vendor),
                      },
                    ]}
                  />
                ),
              },
            ]}
          />
        )}
      </ListPage>

      <ConfirmDeleteModal
        item={deleting}
        onClose={() => setDeleting(null)}
        title={t('delete.title')}
        text={(vendor) => t('delete.text', { name: vendor.name, code: vendor.code })}
        cancelLabel={t('actions.cancel')}
        confirmLabel={t('delete.confirm')}
        busy={remove.isPending}
        onConfirm={(vendor) => remove.mutate(vendor, { onSettled: () => setDeleting(null) })}
      />

      <VendorDrawer
        opened={drawer !== null}
        vendor={drawer?.vendor ?? null}
        onClose={() => setDrawer(null)}
      />
    </>
  );
}
