import { BULK_LABELS_MAX, ORDER_TABS } from '@despacho/domain';
import { Button, Group, Paper, Tabs, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconPlus, IconTags } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useListParams } from '../../../lib/useListParams';
import { ListSearchInput } from '../../../ui/ListSearchInput';
import { PageHeader } from '../../../ui/PageHeader';
import { PagedList } from '../../../ui/PagedList';
import { useOrders } from '../api';
import { BulkLabelsDialog } from '../components/BulkLabelsDialog';
import { OrderFilters } from '../components/OrderFilters';
import { OrdersTable } from '../components/OrdersTable';
import { ORDER_CREATE_PATH } from '../orders-list-paths';
import { ordersQueryOf } from '../orders-list-query';

/**
 * `orders`: every order, synced or manual, by tab (fulfilment, cancelled), searched by number,
 * customer or SKU and filtered by store, days, payment and tag — all in the URL, paged on the
 * server. Selected orders get their labels in one bulk run.
 */
export function OrdersPage() {
  const { t } = useTranslation('orders');
  const { t: nav } = useTranslation('navigation');
  const list = useListParams();
  const { query, filtered, reversed } = ordersQueryOf(list);
  const orders = useOrders(query, !reversed);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [bulkOpen, setBulkOpen] = useState(false);
  const [csvOpen, setCsvOpen] = useState(false);
  const select = (ids: string[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const tooMany = selected.size > BULK_LABELS_MAX;

  return (
    <>
      <PageHeader
        title={nav('screens.orders.title')}
        breadcrumbs={[{ label: nav('modules.ecommerce') }, { label: nav('screens.orders.title') }]}
        subtitle={t('list.subtitle')}
        action={
          <Button component={Link} to={ORDER_CREATE_PATH} leftSection={<IconPlus size={18} />}>
            {t('list.create')}
          </Button>
        }
      />
      <Paper withBorder radius="lg" p="md">
        <Tabs
          value={query.tab}
          onChange={(value) => list.setParam('tab', value && value !== 'all' ? value : undefined)}
          mb="md"
        >
          <Tabs.List>
            {ORDER_TABS.map((tab) => (
              <Tabs.Tab key={tab} value={tab}>
                {t(`list.tabs.${tab}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        <Group align="flex-start" mb="md" wrap="wrap">
          <ListSearchInput
            search={list.search}
            setSearch={list.setSearch}
            setParam={list.setParam}
            label={t('list.search.label')}
            placeholder={t('list.search.placeholder')}
            flex="1 1 260px"
          />
          <OrderFilters list={list} />
        </Group>
        <Group justify="space-between" mb="sm" wrap="wrap" gap="sm">
          <Text fz="sm" c={tooMany ? 'red' : 'dimmed'} aria-live="polite">
            {tooMany
              ? t('bulk.tooMany', { max: BULK_LABELS_MAX })
              : selected.size > 0
                ? t('bulk.selected', { count: selected.size })
                : t('bulk.hint')}
          </Text>
          <Group gap="xs">
            {selected.size > 0 && (
              <Button variant="subtle" onClick={() => setSelected(new Set())}>
                {t('bulk.clear')}
              </Button>
            )}
            <Button
              variant="subtle"
              leftSection={<IconFileSpreadsheet size={18} />}
              onClick={() => setCsvOpen(true)}
            >
              {t('bulkCsv.open')}
            </Button>
            <Button
              variant="light"
              leftSection={<IconTags size={18} />}
              disabled={selected.size === 0 || tooMany}
              onClick={() => setBulkOpen(true)}
            >
              {t('bulk.open')}
            </Button>
          </Group>
        </Group>
        <PagedList
          query={orders}
          empty={filtered ? t('list.emptyFiltered') : t('list.empty')}
          page={list.page}
          onPageChange={(next) => list.setParam('page', String(next))}
          pagesLabel={t('list.pages')}
        >
          {(rows) => <OrdersTable rows={rows} selected={selected} onSelect={select} />}
        </PagedList>
      </Paper>
      <BulkLabelsDialog
        orderIds={bulkOpen ? [...selected] : null}
        fromCsv={csvOpen}
        onClose={() => {
          setBulkOpen(false);
          setCsvOpen(false);
        }}
      />
    </>
  );
}
