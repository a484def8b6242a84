import { CARRIERS, isCarrierKey, SHIPMENT_TABS, type ShipmentTab } from '@despacho/domain';
import { Alert, Button, Group, NativeSelect, Paper, Tabs, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFilterOff, IconPlus, IconTruckLoading } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../lib/dates';
import { Link } from 'react-router';
import { saveFile } from '../../../lib/open-file';
import { messageOf } from '../../../lib/server-errors';
import { useListParams } from '../../../lib/useListParams';
import { DateRangeFields, isReversedRange } from '../../../ui/DateRangeFields';
import { ListSearchInput } from '../../../ui/ListSearchInput';
import { EmptyListState } from '../../../ui/EmptyListState';
import { PageHeader } from '../../../ui/PageHeader';
import { PagedList } from '../../../ui/PagedList';
import {
  MAX_LABELS_PER_DOWNLOAD,
  SHIPMENTS_PAGE_SIZE,
  shipmentsApi,
  useShipments,
  type ShipmentsFilter,
} from '../api';
import { ShipmentsTable } from '../components/ShipmentsTable';
import { CREATE_SHIPMENT_PATH, PICKUP_PATH } from '../paths';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayParam = (value: string | null) => (value && DAY.test(value) ? value : undefined);
const isTab = (value: string | null): value is ShipmentTab =>
  (SHIPMENT_TABS as readonly (string | null)[]).includes(value);

/**
 * `shippings`: every guide of the organization by tab (how far the parcel got), searched by
 * tracking number, customer or zip, filtered by days and carrier, paged on the server — all in
 * the URL. Guides with a label can be selected and their labels downloaded as one PDF.
 */
export function ShipmentsPage() {
  const { t } = useTranslation('shipments');
  const { t: nav } = useTranslation('navigation');
  const dates = useDateFormat();
  const { params, search, setSearch, debouncedSearch, page, setParam } = useListParams();
  const tabParam = params.get('tab');
  const carrierParam = params.get('carrier');
  const filter: ShipmentsFilter = {
    tab: isTab(tabParam) ? tabParam : 'all',
    search: debouncedSearch || undefined,
    from: dayParam(params.get('from')),
    to: dayParam(params.get('to')),
    carrier: carrierParam && isCarrierKey(carrierParam) ? carrierParam : undefined,
  };
  const reversed = isReversedRange(filter.from, filter.to);
  const shipments = useShipments({ ...filter, page, pageSize: SHIPMENTS_PAGE_SIZE }, !reversed);
  const filtered = Boolean(filter.search || filter.from || filter.to || filter.carrier);

  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [downloading, setDownloading] = useState(false);
  const select = (ids: string[], checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (checked) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const tooMany = selected.size > MAX_LABELS_PER_DOWNLOAD;

  const downloadLabels = async () => {
    setDownloading(true);
    try {
      const pdf = await shipmentsApi.labels([...selected]);
      saveFile(pdf, `etiquetas-${dates.today()}.pdf`);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: t('list.labels.failed'),
        message: messageOf(error),
      });
    } finally {
      setDownloading(false);
    }
  };

  const clearFilters = () => {
    setSearch('');
    for (const key of ['search', 'from', 'to', 'carrier']) setParam(key, undefined);
  };

  const empty = filtered ? (
    t('list.emptyFiltered')
  ) : filter.tab !== 'all' ? (
    t('list.emptyTab')
  ) : (
    <EmptyListState
      title={t('list.empty.title')}
      text={t('list.empty.text')}
      action={{ label: t('list.create'), to: CREATE_SHIPMENT_PATH, icon: <IconPlus size={18} /> }}
    />
  );

  return (
    <>
      <PageHeader
        title={nav('screens.shippings.title')}
        breadcrumbs={[
          { label: nav('modules.shipments') },
          { label: nav('screens.shippings.title') },
        ]}
        action={
          <Group gap="sm">
            <Button
              component={Link}
              to={PICKUP_PATH}
              variant="default"
              leftSection={<IconTruckLoading size={18} />}
            >
              {t('list.pickups')}
            </Button>
            <Button component={Link} to={CREATE_SHIPMENT_PATH} leftSection={<IconPlus size={18} />}>
              {t('list.create')}
            </Button>
          </Group>
        }
        subtitle={t('list.subtitle')}
      />

      <Paper withBorder radius="lg" p="md">
        <Tabs
          value={filter.tab}
          onChange={(value) => setParam('tab', value && value !== 'all' ? value : undefined)}
          mb="md"
        >
          <Tabs.List>
            {SHIPMENT_TABS.map((tab) => (
              <Tooltip key={tab} label={t(`tabs.${tab}.help`)} multiline w={260} withArrow>
                <Tabs.Tab value={tab}>{t(`tabs.${tab}.label`)}</Tabs.Tab>
              </Tooltip>
            ))}
          </Tabs.List>
        </Tabs>

        <Group align="flex-start" mb="md" wrap="wrap">
          <ListSearchInput
            search={search}
            setSearch={setSearch}
            setParam={setParam}
            flex="1 1 260px"
            label={t('list.search.label')}
            placeholder={t('list.search.placeholder')}
          />
          <DateRangeFields
            from={filter.from}
            to={filter.to}
            labels={{ from: t('list.filters.from'), to: t('list.filters.to') }}
            rangeError={t('list.filters.range')}
            onChange={setParam}
          />
          <NativeSelect
            w={200}
            label={t('list.filters.carrier')}
            data={[
              { value: '', label: t('list.filters.allCarriers') },
              ...CARRIERS.map((carrier) => ({ value: carrier.key, label: carrier.name })),
            ]}
            value={filter.carrier ?? ''}
            onChange={(event) => setParam('carrier', event.currentTarget.value || undefined)}
          />
          {filtered && (
            <Button
              variant="subtle"
              mt={25}
              leftSection={<IconFilterOff size={16} />}
              onClick={clearFilters}
            >
              {t('list.filters.clear')}
            </Button>
          )}
        </Group>

        <Group justify="space-between" mb="sm" wrap="wrap" gap="sm">
          <Text fz="sm" c="dimmed" aria-live="polite">
            {selected.size > 0
              ? t('list.labels.selected', { count: selected.size })
              : t('list.labels.hint')}
          </Text>
          <Group gap="xs">
            {selected.size > 0 && (
              <Button variant="subtle" size="sm" onClick={() => setSelected(new Set())}>
                {t('list.labels.clear')}
              </Button>
            )}
            <Button
              variant="light"
              leftSection={<IconDownload size={18} />}
              loading={downloading}
              disabled={selected.size === 0 || tooMany}
              onClick={() => void downloadLabels()}
            >
              {t('list.labels.download')}
            </Button>
          </Group>
        </Group>
        {tooMany && (
          <Alert color="yellow" mb="sm">
            {t('list.labels.tooMany', { max: MAX_LABELS_PER_DOWNLOAD })}
          </Alert>
        )}

        {reversed ? null : (
          <PagedList
            query={shipments}
            empty={empty}
            page={page}
            onPageChange={(next) => setParam('page', String(next))}
            pagesLabel={t('list.table.pages')}
          >
            {(rows) => <ShipmentsTable rows={rows} selected={selected} onSelect={select} />}
          </PagedList>
        )}
      </Paper>
    </>
  );
}
