import type { CollectionView } from '@despacho/domain';
import { Alert, Button, Group, MultiSelect, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../../lib/server-errors';
import { DataTable } from '../../../../ui/DataTable';
import { EntityDrawer } from '../../../../ui/EntityDrawer';
import { ListPagination } from '../../../../ui/ListPagination';
import { RowActions } from '../../../../ui/RowActions';
import {
  COLLECTION_PRODUCTS_PAGE_SIZE,
  collectionsApi,
  useCollectionProducts,
  useProductSearch,
  useRefreshCollections,
} from '../../collections-api';
import { CollectionThumb } from './CollectionThumb';

const SEARCH_DEBOUNCE_MS = 250;

/** A collection's products, taken out one by one or added from a product search. */
export function CollectionProductsDrawer({
  collection,
  onClose,
}: {
  collection: CollectionView | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('collections');
  return (
    <EntityDrawer
      opened={collection !== null}
      onClose={onClose}
      title={collection ? t('detail.title', { name: collection.name }) : ''}
      closeLabel={t('actions.close')}
    >
      {collection && <CollectionProducts key={collection.id} collection={collection} />}
    </EntityDrawer>
  );
}

function CollectionProducts({ collection }: { collection: CollectionView }) {
  const { t } = useTranslation('collections');
  const [page, setPage] = useState(1);
  const products = useCollectionProducts(collection.id, page);
  const refresh = useRefreshCollections();
  const onError = (error: unknown) =>
    notifications.show({ color: 'red', message: messageOf(error) });
  const remove = useMutation({
    mutationFn: (product: { id: string; name: string }) =>
      collectionsApi.removeProducts(collection.id, [product.id]),
    onSuccess: async (_saved, product) => {
      notifications.show({ color: 'teal', message: t('detail.removed', { name: product.name }) });
      await refresh();
    },
    onError,
  });
  const rows = products.data?.data ?? [];

  return (
    <Stack gap="md">
      {collection.description && (
        <Text fz="sm" c="dimmed">
          {collection.description}
        </Text>
      )}
      <AddProducts collectionId={collection.id} />
      {products.isSuccess && (
        <Text fw={600} fz="sm">
          {/* The collection's own count: the products list stops counting a page ahead. */}
          {t('detail.count', { count: collection.products_count })}
        </Text>
      )}
      {products.isError ? (
        <Alert color="red" variant="light" role="alert">
          {messageOf(products.error)}
        </Alert>
      ) : rows.length === 0 ? (
        products.isSuccess && (
          <Text fz="sm" c="dimmed">
            {t('detail.empty')}
          </Text>
        )
      ) : (
        <DataTable
          rows={rows}
          rowKey={(product) => product.id}
          label={t('detail.tableLabel')}
          minWidth={320}
          columns={[
            {
              key: 'image',
              header: t('table.image'),
              hideHeader: true,
              width: 56,
              cell: (product) => (
                <CollectionThumb path={product.thumbnail_url} alt={product.name} />
              ),
            },
            {
              key: 'name',
              header: t('table.product'),
              cell: (product) => (
                <div>
                  <Text fz="sm" fw={600}>
                    {product.name}
                  </Text>
                  {product.sku && (
                    <Text fz="xs" c="dimmed">
                      {t('detail.sku', { sku: product.sku })}
                    </Text>
                  )}
                </div>
              ),
            },
            {
              key: 'actions',
              header: t('table.actions'),
              hideHeader: true,
              width: 56,
              cell: (product) => (
                <RowActions
                  actions={[
                    {
                      label: t('detail.removeFor', { name: product.name }),
                      tooltip: t('detail.remove'),
                      icon: <IconTrash size={18} />,
                      color: 'red',
                      onClick: () => remove.mutate(product),
                    },
                  ]}
                />
              ),
            },
          ]}
        />
      )}
      <ListPagination
        total={products.data?.meta.total ?? 0}
        capped={products.data?.meta.capped}
        pageSize={COLLECTION_PRODUCTS_PAGE_SIZE}
        page={page}
        onChange={setPage}
        label={t('table.pages')}
      />
    </Stack>
  );
}

/** "Agregar productos": a product search where several are chosen, then added at once. */
function AddProducts({ collectionId }: { collectionId: string }) {
  const { t } = useTranslation('collections');
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  // The names of what was chosen, kept while later searches no longer list them.
  const [names, setNames] = useState<Record<string, string>>({});
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const found = useProductSearch(debounced);
  const refresh = useRefreshCollections();
  const add = useMutation({
    mutationFn: () => collectionsApi.addProducts(collectionId, chosen),
    onSuccess: async () => {
      notifications.show({ color: 'teal', message: t('detail.added', { count: chosen.length }) });
      setChosen([]);
      await refresh();
    },
    onError: (error) => notifications.show({ color: 'red', message: messageOf(error) }),
  });
  const options = new Map(Object.entries(names));
  for (const product of found.data?.data ?? []) options.set(product.id, product.name);

  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <MultiSelect
        label={t('detail.add')}
        placeholder={chosen.length ? undefined : t('detail.addPlaceholder')}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        data={[...options].map(([value, label]) => ({ value, label }))}
        // The server filters and ranks.
        filter={({ options: listed }) => listed}
        value={chosen}
        onChange={(ids) => {
          setChosen(ids);
          setNames(Object.fromEntries(ids.map((id) => [id, options.get(id) ?? id])));
        }}
        nothingFoundMessage={debounced && !found.isFetching ? t('detail.noneFound') : undefined}
        style={{ flex: '1 1 240px' }}
        comboboxProps={{ withinPortal: true }}
      />
      <Button
        leftSection={<IconPlus size={18} />}
        disabled={chosen.length === 0}
        loading={add.isPending}
        onClick={() => add.mutate()}
      >
        {t('detail.addSubmit')}
      </Button>
    </Group>
  );
}
