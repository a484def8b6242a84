import type { Package } from '@despacho/domain';
import {
  ActionIcon,
  Button,
  Group,
  Paper,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlus, IconStar, IconStarFilled, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../lib/server-errors';
import { useListParams } from '../../../lib/useListParams';
import { ConfirmDeleteModal } from '../../../ui/ConfirmDeleteModal';
import { ListSearchInput } from '../../../ui/ListSearchInput';
import { PageHeader } from '../../../ui/PageHeader';
import { PagedList } from '../../../ui/PagedList';
import { PACKAGES_PAGE_SIZE, useDeletePackage, usePackages, useSetDefaultPackage } from '../api';
import { PackageFormModal } from '../components/PackageFormModal';

/**
 * `packages`: the organization's boxes and envelopes (search by name, server pages), with create,
 * edit, delete and the default package. Search and page live in the URL.
 */
export function PackagesPage() {
  const { t } = useTranslation('packages');
  const { t: nav } = useTranslation('navigation');
  const { search, setSearch, debouncedSearch, page, setParam } = useListParams();
  const [form, setForm] = useState<{ editing: Package | null } | null>(null);
  const [deleting, setDeleting] = useState<Package | null>(null);
  const packages = usePackages({
    search: debouncedSearch || undefined,
    page,
    pageSize: PACKAGES_PAGE_SIZE,
  });
  const setDefault = useSetDefaultPackage();
  const remove = useDeletePackage();

  const length = (pkg: Package) => t(`units.length.${pkg.unit}`);
  const weight = (pkg: Package) => t(`units.weight.${pkg.unit}`);

  return (
    <>
      <PageHeader
        title={nav('screens.packages.title')}
        breadcrumbs={[{ label: nav('modules.settings') }, { label: nav('screens.packages.title') }]}
        action={
          <Button leftSection={<IconPlus size={18} />} onClick={() => setForm({ editing: null })}>
            {t('actions.create')}
          </Button>
        }
        subtitle={t('subtitle')}
      />

      <Paper withBorder radius="lg" p="md">
        <ListSearchInput
          search={search}
          setSearch={setSearch}
          setParam={setParam}
          mb="md"
          label={t('filters.search')}
          placeholder={t('filters.searchPlaceholder')}
        />
        <PagedList
          query={packages}
          empty={t('table.empty')}
          page={page}
          onPageChange={(next) => setParam('page', String(next))}
          pagesLabel={t('table.pages')}
        >
          {(rows) => (
            <Table.ScrollContainer minWidth={760}>
              <Table verticalSpacing="sm" highlightOnHover aria-label={t('table.label')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>
                      <VisuallyHidden>{t('table.default')}</VisuallyHidden>
                    </Table.Th>
                    <Table.Th>{t('table.name')}</Table.Th>
                    <Table.Th>{t('table.dimensions')}</Table.Th>
                    <Table.Th>{t('table.weight')}</Table.Th>
                    <Table.Th>{t('table.volumetric')}</Table.Th>
                    <Table.Th>{t('table.satCode')}</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>{t('table.actions')}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((pkg) => (
                    <Table.Tr key={pkg.id}>
                      <Table.Td>
                        {pkg.is_default ? (
                          <Tooltip label={t('table.isDefault')}>
                            <IconStarFilled
                              size={18}
                              color="var(--mantine-color-yellow-6)"
                              aria-label={t('table.isDefault')}
                            />
                          </Tooltip>
                        ) : (
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            aria-label={t('actions.setDefault', { name: pkg.name })}
                            loading={setDefault.isPending && setDefault.variables === pkg.id}
                            onClick={() =>
                              setDefault.mutate(pkg.id, {
                                onSuccess: () =>
                                  notifications.show({
                                    color: 'teal',
                                    message: t('actions.defaultSet', { name: pkg.name }),
                                  }),
                                onError: (error) =>
                                  notifications.show({ color: 'red', message: messageOf(error) }),
                              })
                            }
                          >
                            <IconStar size={18} />
                          </ActionIcon>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Text fz="sm" fw={600}>
                          {pkg.name}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        {`${pkg.length} × ${pkg.width} × ${pkg.height} ${length(pkg)}`}
                      </Table.Td>
                      <Table.Td>{`${pkg.weight} ${weight(pkg)}`}</Table.Td>
                      <Table.Td>{`${pkg.volumetric_weight} ${weight(pkg)}`}</Table.Td>
                      <Table.Td>{pkg.sat_code}</Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <ActionIcon
                            variant="subtle"
                            aria-label={t('actions.edit', { name: pkg.name })}
                            onClick={() => setForm({ editing: pkg })}
                          >
                            <IconPencil size={18} />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={t('actions.delete', { name: pkg.name })}
                            onClick={() => setDeleting(pkg)}
                          >
                            <IconTrash size={18} />
                          </ActionIcon>
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

      <PackageFormModal
        opened={form !== null}
        editing={form?.editing ?? null}
        defaultUnit={packages.data?.default_unit ?? 'cm_kg'}
        onClose={() => setForm(null)}
      />
      <ConfirmDeleteModal
        item={deleting}
        onClose={() => setDeleting(null)}
        title={t('delete.title')}
        text={(pkg) => t('delete.confirm', { name: pkg.name })}
        cancelLabel={t('form.cancel')}
        confirmLabel={t('delete.submit')}
        busy={remove.isPending}
        onConfirm={(pkg) =>
          remove.mutate(pkg.id, {
            onSuccess: () => {
              notifications.show({ color: 'teal', message: t('delete.done', { name: pkg.name }) });
              setDeleting(null);
            },
            onError: (error) => notifications.show({ color: 'red', message: messageOf(error) }),
          })
        }
      />
    </>
  );
}
