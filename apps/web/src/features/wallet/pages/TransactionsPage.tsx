import { TRANSACTION_KINDS, type TransactionKind, type TransactionsFilter } from '@despacho/domain';
import { Alert, Button, Group, NativeSelect, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFilterOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDateFormat } from '../../../lib/dates';
import { saveFile } from '../../../lib/open-file';
import { messageOf } from '../../../lib/server-errors';
import { useListParams } from '../../../lib/useListParams';
import { ListPagination } from '../../../ui/ListPagination';
import { DateRangeFields, isReversedRange } from '../../../ui/DateRangeFields';
import { PageHeader } from '../../../ui/PageHeader';
import { TransactionsTable } from '../components/TransactionsTable';
import { transactionsApi, useTransactions } from '../transactions-api';

const DEPOSITS_PATH = '/app/finance/deposits';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const isKind = (value: string | null): value is TransactionKind =>
  (TRANSACTION_KINDS as readonly (string | null)[]).includes(value);
const dayParam = (value: string | null) => (value && DAY.test(value) ? value : undefined);

/**
 * `finance/transactions`: the prepaid balance's movements (deposits, charges, refunds) with the
 * balance left after each, filtered by days and kind in the URL, paged on the server, and
 * exported as CSV with the same filters.
 */
export function TransactionsPage() {
  const { t } = useTranslation('wallet');
  const { t: nav } = useTranslation('navigation');
  const dates = useDateFormat();
  const { params, page, setParam } = useListParams();
  const kindParam = params.get('kind');
  const filter: TransactionsFilter = {
    from: dayParam(params.get('from')),
    to: dayParam(params.get('to')),
    kind: isKind(kindParam) ? kindParam : undefined,
  };
  // A range that ends before it starts is not sent: the "to" field says what to fix.
  const reversed = isReversedRange(filter.from, filter.to);
  const transactions = useTransactions({ ...filter, page }, !reversed);
  const filtered = Boolean(filter.from || filter.to || filter.kind);
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      saveFile(await transactionsApi.exportCsv(filter), `movimientos-${dates.today()}.csv`);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: t('transactions.exportFailed'),
        message: messageOf(error),
      });
    } finally {
      setExporting(false);
    }
  };

  const clearFilters = () => {
    for (const key of ['from', 'to', 'kind']) setParam(key, undefined);
  };

  return (
    <>
      <PageHeader
        title={nav('screens.financeTransactions.title')}
        breadcrumbs={[
          { label: nav('modules.finances') },
          { label: nav('screens.financeTransactions.title') },
        ]}
        action={
          <Button
            variant="light"
            leftSection={<IconDownload size={18} />}
            loading={exporting}
            disabled={reversed || transactions.data?.meta.total === 0}
            onClick={() => void exportCsv()}
          >
            {t('transactions.export')}
          </Button>
        }
        subtitle={t('transactions.subtitle')}
      />

      <Paper withBorder radius="lg" p="md">
        <Group align="flex-start" mb="md" wrap="wrap">
          <DateRangeFields
            from={filter.from}
            to={filter.to}
            labels={{ from: t('transactions.filters.from'), to: t('transactions.filters.to') }}
            rangeError={t('transactions.filters.range')}
            onChange={setParam}
          />
          <NativeSelect
            w={220}
            label={t('transactions.filters.kind')}
            data={[
              { value: '', label: t('transactions.filters.allKinds') },
              ...TRANSACTION_KINDS.map((kind) => ({
                value: kind,
                label: t(`transactions.kinds.${kind}`),
              })),
            ]}
            value={filter.kind ?? ''}
            onChange={(event) => setParam('kind', event.currentTarget.value || undefined)}
          />
          {filtered && (
            <Button
              variant="subtle"
              mt={25}
              leftSection={<IconFilterOff size={16} />}
              onClick={clearFilters}
            >
              {t('transactions.filters.clear')}
            </Button>
          )}
        </Group>

        {reversed ? null : transactions.isPending ? (
          <Skeleton h={240} />
        ) : transactions.isError ? (
          <Alert color="red">{messageOf(transactions.error)}</Alert>
        ) : transactions.data.data.length === 0 ? (
          filtered ? (
            <Text c="dimmed" ta="center" py="xl">
              {t('transactions.empty.filtered')}
            </Text>
          ) : (
            <Stack align="center" py="xl" gap="sm">
              <Text fw={600}>{t('transactions.empty.title')}</Text>
              <Text c="dimmed" ta="center" maw={460}>
                {t('transactions.empty.text')}
              </Text>
              <Button component={Link} to={DEPOSITS_PATH} variant="light">
                {t('transactions.empty.action')}
              </Button>
            </Stack>
          )
        ) : (
          <TransactionsTable rows={transactions.data.data} depositsPath={DEPOSITS_PATH} />
        )}
        {transactions.data && !reversed && (
          <ListPagination
            total={transactions.data.meta.total}
            pageSize={transactions.data.meta.pageSize}
            page={page}
            onChange={(next) => setParam('page', String(next))}
            label={t('transactions.table.pages')}
          />
        )}
      </Paper>
    </>
  );
}
