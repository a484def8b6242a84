import type { LocationView } from '@despacho/domain';
import { ActionIcon, Badge, Button, Group, Paper, Table, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconMapPinPlus, IconStar, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../lib/server-errors';
import { useListParams } from '../../../lib/useListParams';
import { ConfirmDeleteModal } from '../../../ui/ConfirmDeleteModal';
import { ListSearchInput } from '../../../ui/ListSearchInput';
import { PageHeader } from '../../../ui/PageHeader';
import { PagedList } from '../../../ui/PagedList';
import { LOCATIONS_PAGE_SIZE, locationsApi, useLocations, useRefreshLocations } from '../api';
import { LocationDrawer } from '../components/LocationDrawer';

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
  const { search, setSearch, debouncedSearch, page, setParam } = useListParams();
  const [drawer, setDrawer] = useState<{ location: LocationView | null } | null>(null);
  const refresh = useRefreshLocations();
  const locations = useLocations({
    search: debouncedSearch || undefined,
    page,
    pageSize: LOCATIONS_PAGE_SIZE,
  });

  const onFailure = (error: unknown) =>
    notifications.show({ color: 'red', message: messageOf(error) });
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
      <PageHeader
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
      />

      <Paper withBorder radius="lg" p="md">
        <ListSearchInput
          search={search}
          setSearch={setSearch}
          setParam={setParam}
          mb="md"
          label={t('locations.search.label')}
          placeholder={t('locations.search.placeholder')}
        />
        <PagedList
          query={locations}
          empty={debouncedSearch ? t('locations.search.empty') : t('locations.empty')}
          loadingHeight={200}
          page={page}
          onPageChange={(next) => setParam('page', String(next))}
          pagesLabel={t('locations.table.pages')}
        >
          {(rows) => (
            <Table.ScrollContainer minWidth={720}>
              <Table verticalSpacing="sm" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('locations.table.alias')}</Table.Th>
                    <Table.Th>{t('locations.table.contact')}</Table.Th>
                    <Table.Th>{t('locations.table.address')}</Table.Th>
                    <Table.Th w={130}>{t('locations.table.actions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((location) => (
                    <Table.Tr key={location.id}>
                      <Table.Td>
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
                      </Table.Td>
                      <Table.Td>
                        <Text fz="sm">{location.contact_name}</Text>
                        <Text fz="xs" c="dimmed">
                          {location.contact_phone} · {location.contact_email}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text fz="sm">{addressLine(location)}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          {!location.is_default && (
                            <Tooltip label={t('locations.default.set')}>
                              <ActionIcon
                                variant="subtle"
                                aria-label={t('locations.default.setFor', {
                                  alias: location.alias,
                                })}
                                loading={
                                  setDefault.isPending && setDefault.variables?.id === location.id
                                }
                                onClick={() => setDefault.mutate(location)}
                              >
                                <IconStar size={18} />
                              </ActionIcon>
                            </Tooltip>
                          )}
                          <Tooltip label={t('actions.edit')}>
                            <ActionIcon
                              variant="subtle"
                              aria-label={t('actions.editFor', { alias: location.alias })}
                              onClick={() => setDrawer({ location })}
                            >
                              <IconEdit size={18} />
                            </ActionIcon>
                          </Tooltip>
                          <Tooltip label={t('actions.delete')}>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={t('actions.deleteFor', { alias: location.alias })}
                              onClick={() => setDeleting(location)}
                            >
                              <IconTrash size={18} />
                            </ActionIcon>
                          </Tooltip>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </PagedList>
      </Paper>

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
