import {
  PRODUCT_SORTS,
  PRODUCT_STATUSES,
  TARIFF_STATUSES,
  type ProductBulkResult,
  type ProductListItem,
} from '@despacho/domain';
import { Anchor, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { IconFolders, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useListParams } from '../../../lib/useListParams';
import { DataTable } from '../../../ui/DataTable';
import { ListPage } from '../../../ui/ListPage';
import { PRODUCTS_PAGE_SIZE, useProducts } from '../api';
import { BulkActions } from '../components/BulkActions';
import { BulkResultModal } from '../components/BulkResultModal';
import { ProductFilters } from '../components/ProductFilters';
import { ProductStatusBadge } from '../components/ProductStatusBadge';
import { TariffStatusLink } from '../components/TariffStatusLink';
import { ProductThumbnail } from '../components/ProductThumbnail';
import { ExportProductsButton } from '../import/ExportProductsButton';
import { ImportProductsButton } from '../import/ImportProductsButton';
import { COLLECTIONS_PATH, PRODUCT_CREATE_PATH, productEditPath } from '../paths';

/** Filters kept in the URL as they are (ids and a tag). */
const URL_FILTERS = ['vendor_id', 'collection_id', 'tag'] as const;

/**
 * `products`: the catalogue, searched by name, SKU, barcode or tag and filtered by status,
 * vendor, collection, tag and tariff status (all in the URL); selected rows take bulk actions.
 */
export function ProductsPage() {
  const { t } = useTranslation('products');
  const { t: nav } = useTranslation('navigation');
  const list = useListParams();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [result, setResult] = useState<ProductBulkResult | null>(null);
  // What selects the products (the export takes the same), apart from their order and page.
  const filters = {
    search: list.debouncedSearch || undefined,
    status: list.choice('status', PRODUCT_STATUSES),
    tariff_status: list.choice('tariff_status', TARIFF_STATUSES),
    ...(Object.fromEntries(
      URL_FILTERS.map((key) => [key, list.params.get(key) || undefined]),
    ) as Partial<Record<(typeof URL_FILTERS)[number], string>>),
  };
  const products = useProducts({
    ...filters,
    sort: list.choice('sort', PRODUCT_SORTS, '-updated_at'),
    page: list.page,
    pageSize: PRODUCTS_PAGE_SIZE,
  });
  const filtered = Object.values(filters).some(Boolean);
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <>
      <ListPage
        title={nav('screens.products.title')}
        breadcrumbs={[
          { label: nav('modules.warehousing') },
          { label: nav('screens.products.title') },
        ]}
        action={
          <Group gap="sm">
            {/* Collections have no menu entry of their own (spec §2): they are reached from here. */}
            <Button
              component={Link}
              to={COLLECTIONS_PATH}
              variant="default"
              leftSection={<IconFolders size={18} />}
            >
              {nav('screens.productsCollections.title')}
            </Button>
            <ImportProductsButton />
            <ExportProductsButton filters={filters} />
            <Button component={Link} to={PRODUCT_CREATE_PATH} leftSection={<IconPlus size={18} />}>
              {t('create')}
            </Button>
          </Group>
        }
        subtitle={t('subtitle')}
        list={list}
        search={{ label: t('filters.search'), placeholder: t('filters.searchPlaceholder') }}
        filters={<ProductFilters list={list} />}
        query={products}
        empty={filtered ? t('filters.empty') : t('empty')}
        pagesLabel={t('table.pages')}
      >
        {(rows) => {
          const onPage = rows.filter((row) => selected.has(row.id));
          return (
            <>
              {selected.size > 0 && (
                <BulkActions
                  ids={[...selected]}
                  onDone={() => setSelected(new Set())}
                  onRefused={setResult}
                />
              )}
              <Checkbox
                mb="xs"
                label={t('table.selectPage')}
                checked={onPage.length === rows.length}
                indeterminate={onPage.length > 0 && onPage.length < rows.length}
                onChange={(event) => {
                  const on = event.currentTarget.checked;
                  setSelected((current) => {
                    const next = new Set(current);
                    for (const row of rows) {
                      if (on) next.add(row.id);
                      else next.delete(row.id);
                    }
                    return next;
                  });
                }}
              />
              <DataTable<ProductListItem>
                rows={rows}
                rowKey={(product) => product.id}
                label={nav('screens.products.title')}
                minWidth={900}
                cardsBelow="xs"
                columns={[
                  {
                    key: 'select',
                    header: t('table.select'),
                    hideHeader: true,
                    width: 40,
                    cell: (product) => (
                      <Checkbox
                        aria-label={t('table.selectOne', { name: product.name })}
                        checked={selected.has(product.id)}
                        onChange={(event) => toggle(product.id, event.currentTarget.checked)}
                      />
                    ),
                  },
                  {
                    key: 'name',
                    header: t('table.product'),
                    cardTitle: true,
                    cell: (product) => (
                      <Group gap="sm" wrap="nowrap">
                        <ProductThumbnail path={product.thumbnail_url} alt="" />
                        <Stack gap={0}>
                          <Anchor
                            component={Link}
                            to={productEditPath(product.id)}
                            fw={600}
                            fz="sm"
                          >
                            {product.name}
                          </Anchor>
                          {product.sku && (
                            <Text fz="xs" c="dimmed" ff="monospace">
                              {product.sku}
                            </Text>
                          )}
                        </Stack>
                      </Group>
                    ),
                  },
                  {
                    key: 'status',
                    header: t('table.status'),
                    cell: (product) => <ProductStatusBadge status={product.status} />,
                  },
                  {
                    key: 'variants',
                    header: t('table.variants'),
                    align: 'right',
                    cell: (product) => product.variants_count,
                  },
                  {
                    key: 'stock',
                    header: t('table.stock'),
                    align: 'right',
                    cell: (product) => product.stock ?? '—',
                  },
                  {
                    key: 'vendor',
                    header: t('table.vendor'),
                    cell: (product) => <Text fz="sm">{product.vendor?.name ?? '—'}</Text>,
                  },
                  {
                    key: 'tariff',
                    header: t('table.tariffStatus'),
                    cell: (product) => (
                      <TariffStatusLink name={product.name} status={product.tariff_status} />
                    ),
                  },
                ]}
              />
            </>
          );
        }}
      </ListPage>
      <BulkResultModal result={result} onClose={() => setResult(null)} />
    </>
  );
}
