import type { Package } from '@despacho/domain';
import { ActionIcon, Button, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlus, IconStar, IconStarFilled, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../lib/server-errors';
import { useListParams } from '../../../lib/useListParams';
import { ConfirmDeleteModal } from '../../../ui/ConfirmDeleteModal';
import { DataTable } from '../../../ui/DataTable';
import { ListPage } from '../../../ui/ListPage';
import { RowActions } from '../../../ui/RowActions';
import {
  PACKAGES_PAGE_SIZE,
  useDeletePackage,
  usePackages,
  useSetDefaultPackage,
} from '../../../lib/api/packages';
import { PackageFormModal } from '../components/PackageFormModal';

/**
 * `packages`: the organization's boxes and envelopes (search by name, server pages), with create,
 * edit, delete and the default package. Search and page live in the URL.
 */
export function PackagesPage() {
  const { t } = useTranslation('packages');
  const { t: nav } = useTranslation('navigation');
  const list = useListParams();
  const [form, setForm] = useState<{ editing: Package | null } | null>(null);
  const [deleting, setDeleting] = useState<Package | null>(null);
  const packages = usePackages({
    search: list.debouncedSearch || undefined,
    page: list.page,
    pageSize: PACKAGES_PAGE_SIZE,
  });
  const setDefault = useSetDefaultPackage();
  const remove = useDeletePackage();

  const length = (pkg: Package) => t(`units.length.${pkg.unit}`);
  const weight = (pkg: Package) => t(`units.weight.${pkg.unit}`);

  return (
    <>
      <ListPage
        title={nav('screens.packages.title')}
        breadcrumbs={[{ label: nav('modules.settings') }, { label: nav('screens.packages.title') }]}
        action={
          <Button leftSection={<IconPlus size={18} />} onClick={() => setForm({ editing: null })}>
            {t('actions.create')}
          </Button>
        }
        subtitle={t('subtitle')}
        list={list}
        search={{ label: t('filters.search'), placeholder: t('filters.searchPlaceholder') }}
        query={packages}
        empty={t('table.empty')}
        pagesLabel={t('table.pages')}
      >
        {(rows) => (
          <DataTable
            rows={rows}
            rowKey={(pkg) => pkg.id}
            label={t('table.label')}
            minWidth={760}
            columns={[
              {
                key: 'default',
                header: t('table.default'),
                hideHeader: true,
                cell: (pkg) =>
                  pkg.is_default ? (
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
                  ),
              },
              {
                key: 'name',
                header: t('table.name'),
                cell: (pkg) => (
                  <Text fz="sm" fw={600}>
                    {pkg.name}
                  </Text>
                ),
              },
              {
                key: 'dimensions',
                header: t('table.dimensions'),
                cell: (pkg) => `${pkg.length} × ${pkg.width} × ${pkg.height} ${length(pkg)}`,
              },
              {
                key: 'weight',
                header: t('table.weight'),
                cell: (pkg) => `${pkg.weight} ${weight(pkg)}`,
              },
              {
                key: 'volumetric',
                header: t('table.volumetric'),
                cell: (pkg) => `${pkg.volumetric_weight} ${weight(pkg)}`,
              },
              { key: 'satCode', header: t('table.satCode'), cell: (pkg) => pkg.sat_code },
              {
                key: 'actions',
                header: t('table.actions'),
                hideHeader: true,
                cell: (pkg) => (
                  <RowActions
                    actions={[
                      {
                        label: t('actions.edit', { name: pkg.name }),
                        icon: <IconPencil size={18} />,
                        onClick: () => setForm({ editing: pkg }),
                      },
                      {
                        label: t('actions.delete', { name: pkg.name }),
                        icon: <IconTrash size={18} />,
                        color: 'red',
                        onClick: () => setDeleting(pkg),
                      },
                    ]}
                  />
                ),
              },
            ]}
          />
        )}
      </ListPage>

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
