import type { CollectionView } from '@despacho/domain';
import { Button, Group, Text, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconListDetails, IconPlus, IconTrash } from '@tabler/icons-react';
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
  COLLECTIONS_PAGE_SIZE,
  collectionsApi,
  useCollections,
  useRefreshCollections,
} from '../collections-api';
import { CollectionDrawer } from '../components/collections/CollectionDrawer';
import { CollectionProductsDrawer } from '../components/collections/CollectionProductsDrawer';
import { CollectionThumb } from '../components/collections/CollectionThumb';
import { PRODUCTS_PATH } from '../paths';

/**
 * `products/collections`: the organization's collections by name (search and page in the URL),
 * created and edited in a drawer, and each one's products seen, added and taken out in another.
 */
export function CollectionsPage() {
  const { t } = useTranslation('collections');
  const { t: nav } = useTranslation('navigation');
  const list = useListParams();
  const [editing, setEditing] = useState<{ collection: CollectionView | null } | null>(null);
  const [deleting, setDeleting] = useState<CollectionView | null>(null);
  const [viewingId, setViewingId] = useState<string | null>(null);
  const refresh = useRefreshCollections();
  const collections = useCollections({
    search: list.debouncedSearch || undefined,
    page: list.page,
    pageSize: COLLECTIONS_PAGE_SIZE,
  });
  // The open detail follows the list, so its count and name stay current after a change.
  const viewing = collections.data?.data.find((row) => row.id === viewingId) ?? null;
  const remove = useMutation({
    mutationFn: (collection: CollectionView) => collectionsApi.remove(collection.id),
    onSuccess: async (_result, collection) => {
      notifications.show({ color: 'teal', message: t('delete.done', { name: collection.name }) });
      await refresh();
    },
    onError: (error) => notifications.show({ color: 'red', message: messageOf(error) }),
  });

  return (
    <>
      <ListPage
        title={nav('screens.productsCollections.title')}
        breadcrumbs={[
          { label: nav('modules.warehousing') },
          { label: nav('screens.products.title'), to: PRODUCTS_PATH },
          { label: nav('screens.productsCollections.title') },
        ]}
        action={
          <Button
            leftSection={<IconPlus size={18} />}
            onClick={() => setEditing({ collection: null })}
          >
            {t('create.open')}
          </Button>
        }
        subtitle={t('subtitle')}
        list={list}
        search={{ label: t('filters.search'), placeholder: t('filters.searchPlaceholder') }}
        query={collections}
        empty={list.debouncedSearch ? t('filters.empty') : t('empty')}
        loadingHeight={200}
        pagesLabel={t('table.pages')}
      >
        {(rows) => (
          <DataTable
            rows={rows}
            rowKey={(collection) => collection.id}
            minWidth={520}
            columns={[
              {
                key: 'image',
                header: t('table.image'),
                hideHeader: true,
                width: 56,
                cell: (collection) => (
                  <CollectionThumb
                    path={collection.image?.thumbnail_url ?? null}
                    alt={collection.name}
                  />
                ),
              },
              {
                key: 'name',
                header: t('table.name'),
                cell: (collection) => (
                  <UnstyledButton onClick={() => setViewingId(collection.id)}>
                    <Text fw={600} fz="sm">
                      {collection.name}
                    </Text>
                  </UnstyledButton>
                ),
              },
              {
                key: 'products',
                header: t('table.products'),
                align: 'right',
                width: 120,
                cell: (collection) => (
                  <Group justify="flex-end">
                    <Text fz="sm">{collection.products_count}</Text>
                  </Group>
                ),
              },
              {
                key: 'actions',
                header: t('table.actions'),
                width: 140,
                cell: (collection) => (
                  <RowActions
                    actions={[
                      {
                        label: t('actions.productsFor', { name: collection.name }),
                        tooltip: t('actions.products'),
                        icon: <IconListDetails size={18} />,
                        onClick: () => setViewingId(collection.id),
                      },
                      {
                        label: t('actions.editFor', { name: collection.name }),
                        tooltip: t('actions.edit'),
                        icon: <IconEdit size={18} />,
                        onClick: () => setEditing({ collection }),
                      },
                      {
                        label: t('actions.deleteFor', { name: collection.name }),
                        tooltip: t('actions.delete'),
                        icon: <IconTrash size={18} />,
                        color: 'red',
                        onClick: () => setDeleting(collection),
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
        text={(collection) =>
          t('delete.text', { name: collection.name, count: collection.products_count })
        }
        cancelLabel={t('actions.cancel')}
        confirmLabel={t('delete.confirm')}
        busy={remove.isPending}
        onConfirm={(collection) =>
          remove.mutate(collection, { onSettled: () => setDeleting(null) })
        }
      />

      <CollectionDrawer
        opened={editing !== null}
        collection={editing?.collection ?? null}
        onClose={() => setEditing(null)}
      />
      <CollectionProductsDrawer collection={viewing} onClose={() => setViewingId(null)} />
    </>
  );
}
