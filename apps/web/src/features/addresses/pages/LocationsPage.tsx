import type { LocationView } from '@despacho/domain';
import { Badge, Button, Group, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconMapPinPlus, IconStar, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../lib/server-errors';
import { useListParams } from '../../../lib/useListParams';
import { ConfirmDeleteModal } from '../../../ui/ConfirmDeleteModal';
import { DataTable } from '../../../ui/DataTable';
import { ListPage } from '../../../ui/ListPage';
import { RowActions } from '../../../ui/RowActions';
import {
  LOCATIONS_PAGE_SIZE,
  locationsApi,
  useLocations,
  useRefreshLocations,
} from '../../../lib/api/locations';
import { LocationDrawer } from '../../../ui/LocationDrawer';
import { useSetKeepsStock, useStockLocations } from '../../../lib/api/stock-locations';

const addressLine = (location: LocationView) =>
  [
    `${location.street} ${location.external_number}${location.internal_number ? ` int. ${location.internal_number}` : ''}`,
    location.neighborhood,
    `${location.zip} ${location.city}, ${location.state}`,
  ].join(', ');

/**
 * `settings/locations`: the organization's origin addresses (search and pages in the URL), one of
 * them the default; created and edited in a drawer with the shared address fields.
 */
export function LocationsPage() {
  const { t } = useTranslation('addresses');
  const { t: nav } = useTranslation('navigation');
  const list = useListParams();
  const [drawer, setDrawer] = useState<{ location: LocationView | null } | null>(null);
  const refresh = useRefreshLocations();
  const locations = useLocations({
    search: list.debouncedSearch || undefined,
    page: list.page,
    pageSize: LOCATIONS_PAGE_SIZE,
  });

  const stockLocations = useStockLocations();
  const keepingStock = new Set(stockLocations.data?.map((location) => location.location_id));
  const setKeepsStock = useSetKeepsStock();

  const onFailure = (error: unknown) =>
    notifications.show({ color: 'red', message: messageOf(error) });
  const toggleKeepsStock = (location: LocationView, keepsStock: boolean) =>
    setKeepsStock.mutate(
      { locationId: location.id, keepsStock },
      {
        onSuccess: () =>
          notifications.show({
            color: 'teal',
            message: t(keepsStock ? 'locations.keepsStock.on' : 'locations.keepsStock.off', {
              alias: location.alias,
            }),
          }),
        onError: onFailure,
      },
    );
  const setDefault = useMutation({
    mutationFn: (location: LocationView) => locationsApi.setDefault(location.id),
    onSuccess: async (location) => {
      notifications.show({
        color: 'teal',
        message: t('locations.default.saved', { alias: location.alias }),
      });
      await refresh();
    },
    onError: onFailure,
  });
  const remove = useMutation({
    mutationFn: (location: LocationView) => locationsApi.remove(location.id),
    onSuccess: async (_result, location) => {
      notifications.show({
        color: 'teal',
        message: t('locations.delete.done', { alias: location.alias }),
      });
      await refresh();
    },
    onError: onFailure,
  });
  const [deleting, setDeleting] = useState<LocationView | null>(null);

  return (
    <>
      <ListPage
        title={nav('screens.settingsLocations.title')}
        breadcrumbs={[
          { label: nav('modules.settings') },
          { label: nav('screens.settingsLocations.title') },
        ]}
        action={
          <Button
            leftSection={<IconMapPinPlus size={18} />}
            onClick={() => setDrawer({ location: null })}
          >
            {t('locations.create.open')}
          </Button>
        }
        subtitle={t('locations.subtitle')}
        list={list}
        search={{
          label: t('locations.search.label'),
          placeholder: t('locations.search.placeholder'),
        }}
        query={locations}
        empty={list.debouncedSearch ? t('locations.search.empty') : t('locations.empty')}
        loadingHeight={200}
        pagesLabel={t('locations.table.pages')}
      >
        {(rows) => (
          <DataTable
            rows={rows}
            rowKey={(location) => location.id}
            minWidth={720}
            columns={[
              {
                key: 'alias',
                header: t('locations.table.alias'),
                cell: (location) => (
                  <>
                    <Group gap="xs" wrap="nowrap">
                      <Text fw={600} fz="sm">
                        {location.alias}
                      </Text>
                      {location.is_default && (
                        <Badge size="sm" variant="light">
                          {t('locations.default.badge')}
                        </Badge>
                      )}
                    </Group>
                    {location.company && (
                      <Text fz="xs" c="dimmed">
                        {location.company}
                      </Text>
                    )}
                  </>
                ),
              },
              {
                key: 'contact',
                header: t('locations.table.contact'),
                cell: (location) => (
                  <>
                    <Text fz="sm">{location.contact_name}</Text>
                    <Text fz="xs" c="dimmed">
                      {location.contact_phone} · {location.contact_email}
                    </Text>
                  </>
                ),
              },
              {
                key: 'address',
                header: t('locations.table.address'),
                cell: (location) => <Text fz="sm">{addressLine(location)}</Text>,
              },
              {
                key: 'keepsStock',
                header: t('locations.keepsStock.label'),
                cell: (location) => (
                  <Switch
                    checked={keepingStock.has(location.id)}
                    disabled={
                      !stockLocations.isSuccess ||
                      (setKeepsStock.isPending &&
                        setKeepsStock.variables?.locationId === location.id)
                    }
                    onChange={(event) => toggleKeepsStock(location, event.currentTarget.checked)}
                    aria-label={t('locations.keepsStock.toggle', { alias: location.alias })}
                  />
                ),
              },
              {
                key: 'actions',
                header: t('locations.table.actions'),
                width: 130,
                cell: (location) => (
                  <RowActions
                    actions={[
                      {
                        label: t('locations.default.setFor', { alias: location.alias }),
                        tooltip: t('locations.default.set'),
                        icon: <IconStar size={18} />,
                        hidden: location.is_default,
                        loading: setDefault.isPending && setDefault.variables?.id === location.id,
                        onClick: () => setDefault.mutate(location),
                      },
                      {
                        label: t('actions.editFor', { alias: location.alias }),
                        tooltip: t('actions.edit'),
                        icon: <IconEdit size={18} />,
                        onClick: () => setDrawer({ location }),
                      },
                      {
                        label: t('actions.deleteFor', { alias: location.alias }),
                        tooltip: t('actions.delete'),
                        icon: <IconTrash size={18} />,
                        color: 'red',
                        onClick: () => setDeleting(location),
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
        title={t('locations.delete.title')}
        text={(location) =>
          location.is_default
            ? t('locations.delete.textDefault', { alias: location.alias })
            : t('locations.delete.text', { alias: location.alias })
        }
        cancelLabel={t('actions.cancel')}
        confirmLabel={t('locations.delete.confirm')}
        busy={remove.isPending}
        onConfirm={(location) => remove.mutate(location, { onSettled: () => setDeleting(null) })}
      />

      <LocationDrawer
        opened={drawer !== null}
        location={drawer?.location ?? null}
        onClose={() => setDrawer(null)}
      />
    </>
  );
}
