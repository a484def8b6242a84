import { VENDOR_STATUSES, type VendorStatus, type VendorView } from '@despacho/domain';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  Switch,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../lib/server-errors';
import { useListParams } from '../../../lib/useListParams';
import { ConfirmDeleteModal } from '../../../ui/ConfirmDeleteModal';
import { ListSearchInput } from '../../../ui/ListSearchInput';
import { PageHeader } from '../../../ui/PageHeader';
import { PagedList } from '../../../ui/PagedList';
import { VENDORS_PAGE_SIZE, useRefreshVendors, useVendors, vendorsApi } from '../api';
import { VendorDrawer } from '../components/VendorDrawer';

const isStatus = (value: string | null): value is VendorStatus =>
  (VENDOR_STATUSES as readonly (string | null)[]).includes(value);

/**
 * `settings/vendors`: the organization's vendors (search, status filter and page in the URL),
 * enabled or disabled from the list, created and edited in a drawer with the address fields.
 */
export function VendorsPage() {
  const { t } = useTranslation('vendors');
  const { t: nav } = useTranslation('navigation');
  const { params, search, setSearch, debouncedSearch, page, setParam } = useListParams();
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : undefined;
  const [drawer, setDrawer] = useState<{ vendor: VendorView | null } | null>(null);
  const [deleting, setDeleting] = useState<VendorView | null>(null);
  const refresh = useRefreshVendors();
  const vendors = useVendors({
    search: debouncedSearch || undefined,
    status,
    page,
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
  const filtered = Boolean(debouncedSearch || status);

  return (
    <>
      <PageHeader
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
      />

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
              ...VENDOR_STATUSES.map((value) => ({ value, label: t(`filters.${value}`) })),
            ]}
            w={200}
          />
        </Group>
        <PagedList
          query={vendors}
          empty={filtered ? t('filters.empty') : t('empty')}
          loadingHeight={200}
          page={page}
          onPageChange={(next) => setParam('page', String(next))}
          pagesLabel={t('table.pages')}
        >
          {(rows) => (
            <Table.ScrollContainer minWidth={760}>
              <Table verticalSpacing="sm" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('table.name')}</Table.Th>
                    <Table.Th>{t('table.code')}</Table.Th>
                    <Table.Th>{t('table.email')}</Table.Th>
                    <Table.Th>{t('table.location')}</Table.Th>
                    <Table.Th>{t('table.status')}</Table.Th>
                    <Table.Th w={100}>{t('table.actions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((vendor) => {
                    const enabled = vendor.status === 'enabled';
                    return (
                      <Table.Tr key={vendor.id}>
                        <Table.Td>
                          <Text fw={600} fz="sm">
                            {vendor.name}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Text fz="sm" ff="monospace">
                            {vendor.code}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Text fz="sm">{vendor.email}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Text fz="sm">
                            {vendor.address.city}, {vendor.address.state}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Group gap="sm" wrap="nowrap">
                            <Switch
                              checked={enabled}
                              disabled={
                                setStatus.isPending && setStatus.variables?.vendor.id === vendor.id
                              }
                              onChange={(event) =>
                                setStatus.mutate({
                                  vendor,
                                  next: event.currentTarget.checked ? 'enabled' : 'disabled',
                                })
                              }
                              aria-label={t('status.toggle', { name: vendor.name })}
                            />
                            <Badge size="sm" variant="light" color={enabled ? 'teal' : 'gray'}>
                              {t(`statuses.${vendor.status}`)}
                            </Badge>
                          </Group>
                        </Table.Td>
                        <Table.Td>
                          <Group gap={4} wrap="nowrap">
                            <Tooltip label={t('actions.edit')}>
                              <ActionIcon
                                variant="subtle"
                                aria-label={t('actions.editFor', { name: vendor.name })}
                                onClick={() => setDrawer({ vendor })}
                              >
                                <IconEdit size={18} />
                              </ActionIcon>
                            </Tooltip>
                            <Tooltip label={t('actions.delete')}>
                              <ActionIcon
                                variant="subtle"
                                color="red"
                                aria-label={t('actions.deleteFor', { name: vendor.name })}
                                onClick={() => setDeleting(vendor)}
                              >
                                <IconTrash size={18} />
                              </ActionIcon>
                            </Tooltip>
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </PagedList>
      </Paper>

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
