import { INVENTORY_RULES, type InventoryRow } from '@despacho/domain';
import { Badge, Button, Group, Input, Select, Stack, Text } from '@mantine/core';
import { IconAdjustments, IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListParams } from '../../../lib/useListParams';
import { DataTable } from '../../../ui/DataTable';
import { ListPage } from '../../../ui/ListPage';
import { RowActions } from '../../../ui/RowActions';
import { SegmentedFilter } from '../../../ui/SegmentedFilter';
import { useStockLocations } from '../../../lib/api/stock-locations';
import { INVENTORY_PAGE_SIZE, useInventory } from '../api';
import { AdjustmentDrawer, type AdjustmentStart } from '../components/AdjustmentDrawer';
import { MovementsDrawer } from '../components/MovementsDrawer';
import { variantName } from '../variant-name';

const STOCK_FILTERS = ['all', 'low', 'out'] as const;

/**
 * `products/inventory`: stock per variant and location (search, location, low / out of stock and
 * page in the URL), each variant's movements in a drawer, and adjustments at the merchant's own
 * locations.
 */
export function InventoryPage() {
  const { t } = useTranslation('inventory');
  const { t: nav } = useTranslation('navigation');
  const list = useListParams();
  const stock = list.choice('stock', STOCK_FILTERS, 'all');
  const locationId = list.params.get('location') ?? undefined;
  const locations = useStockLocations();
  const [history, setHistory] = useState<InventoryRow | null>(null);
  const [adjusting, setAdjusting] = useState<AdjustmentStart | null>(null);
  const inventory = useInventory({
    search: list.debouncedSearch || undefined,
    location_id: locationId,
    low_stock: stock === 'low' ? 'true' : undefined,
    out_of_stock: stock === 'out' ? 'true' : undefined,
    page: list.page,
    pageSize: INVENTORY_PAGE_SIZE,
  });
  const ownLocations = (locations.data ?? []).filter((location) => location.kind === 'own');
  const filtered = Boolean(list.debouncedSearch || locationId || stock !== 'all');
  const quantity = (value: number) => <Text fz="sm">{value.toLocaleString()}</Text>;

  return (
    <>
      <ListPage
        title={nav('screens.productsInventory.title')}
        breadcrumbs={[
          { label: nav('modules.warehousing') },
          { label: nav('screens.productsInventory.title') },
        ]}
        action={
          <Button
            leftSection={<IconAdjustments size={18} />}
            onClick={() => setAdjusting({})}
            disabled={ownLocations.length === 0}
          >
            {t('actions.adjust')}
          </Button>
        }
        subtitle={
          locations.isSuccess && ownLocations.length === 0
            ? `${t('subtitle')} ${t('adjust.noOwnLocations')}`
            : t('subtitle')
        }
        list={list}
        search={{ label: t('filters.search'), placeholder: t('filters.searchPlaceholder') }}
        filters={
          <>
            <Select
              label={t('filters.location')}
              placeholder={t('filters.allLocations')}
              data={(locations.data ?? []).map((location) => ({
                value: location.id,
                label: location.name,
              }))}
              value={locationId ?? null}
              onChange={(value) => list.setParam('location', value ?? undefined)}
              clearable
              w={240}
            />
            <Stack gap={0}>
              <Input.Label labelElement="div" id="inventory-stock-filter">
                {t('filters.stock')}
              </Input.Label>
              <SegmentedFilter
                aria-labelledby="inventory-stock-filter"
                data={STOCK_FILTERS.map((value) => ({ value, label: t(`filters.${value}`) }))}
                value={stock}
                onChange={(value) => list.setParam('stock', value === 'all' ? undefined : value)}
              />
            </Stack>
          </>
        }
        query={inventory}
        empty={filtered ? t('filters.empty') : t('empty')}
        loadingHeight={240}
        pagesLabel={t('table.pages')}
      >
        {(rows) => (
          <DataTable
            rows={rows}
            rowKey={(row) => `${row.variant_id}:${row.location.id}`}
            minWidth={960}
            columns={[
              {
                key: 'product',
                header: t('table.product'),
                cell: (row) => (
                  <Stack gap={0}>
                    <Text fw={600} fz="sm">
                      {variantName(row)}
                    </Text>
                    <Text fz="xs" c="dimmed" ff="monospace">
                      {row.sku ?? t('table.noSku')}
                    </Text>
                  </Stack>
                ),
              },
              // Right after the product: on a phone the table scrolls sideways, and what is
              // available (with its out/low badge) is what a merchant opens it for.
              {
                key: 'available',
                header: t('table.available'),
                align: 'right',
                cell: (row) => (
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    <StockBadge available={row.available} />
                    <Text fz="sm" fw={600}>
                      {row.available.toLocaleString()}
                    </Text>
                  </Group>
                ),
              },
              {
                key: 'location',
                header: t('table.location'),
                cell: (row) => (
                  <Stack gap={0}>
                    <Text fz="sm">{row.location.name}</Text>
                    <Text fz="xs" c="dimmed">
                      {t(`locationKinds.${row.location.kind}`)}
                    </Text>
                  </Stack>
                ),
              },
              {
                key: 'onHand',
                header: t('table.onHand'),
                align: 'right',
                cell: (row) => quantity(row.on_hand),
              },
              {
                key: 'reserved',
                header: t('table.reserved'),
                align: 'right',
                cell: (row) => quantity(row.reserved),
              },
              {
                key: 'incoming',
                header: t('table.incoming'),
                align: 'right',
                cell: (row) => quantity(row.incoming),
              },
              {
                key: 'notSellable',
                header: t('table.notSellable'),
                align: 'right',
                cell: (row) => quantity(row.not_sellable),
              },
              {
                key: 'actions',
                header: t('table.actions'),
                width: 100,
                cell: (row) => (
                  <RowActions
                    actions={[
                      {
                        label: t('actions.historyFor', { name: variantName(row) }),
                        tooltip: t('actions.history'),
                        icon: <IconHistory size={18} />,
                        onClick: () => setHistory(row),
                      },
                      {
                        label: `${t('actions.adjust')}: ${variantName(row)}`,
                        tooltip: t('actions.adjust'),
                        icon: <IconAdjustments size={18} />,
                        hidden: row.location.kind !== 'own',
                        onClick: () => setAdjusting({ row }),
                      },
                    ]}
                  />
                ),
              },
            ]}
          />
        )}
      </ListPage>

      <MovementsDrawer row={history} onClose={() => setHistory(null)} />
      <AdjustmentDrawer
        start={adjusting}
        locations={ownLocations}
        onClose={() => setAdjusting(null)}
      />
    </>
  );
}

/** Out of stock (nothing available) or low (at or below the default threshold). */
function StockBadge({ available }: { available: number }) {
  const { t } = useTranslation('inventory');
  if (available === 0) {
    return (
      <Badge size="sm" color="red" variant="light">
        {t('badges.out')}
      </Badge>
    );
  }
  if (available <= INVENTORY_RULES.lowStockDefault) {
    return (
      <Badge size="sm" color="yellow" variant="light">
        {t('badges.low')}
      </Badge>
    );
  }
  return null;
}
