import { formatMoney } from '@despacho/domain';
import { Alert, Badge, Group, Paper, Progress, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDateFormat } from '../../../lib/dates';
import { messageOf } from '../../../lib/server-errors';
import { LabelButtons } from '../../../ui/LabelButtons';
import { PageHeader } from '../../../ui/PageHeader';
import { ordersApi, useBulkRun } from '../api';
import { BulkItemsTable } from '../components/BulkItemsTable';

const STATE_COLORS = { running: 'blue', done: 'teal', failed: 'red' } as const;

/**
 * `orders/fulfillment?bulk=<id>`: a bulk label run as it goes — a progress bar (asked again
 * while it runs), each order's result, and the merged labels (PDF or ZPL) once ready.
 */
export function BulkRunPage() {
  const { t } = useTranslation('orders');
  const { t: nav } = useTranslation('navigation');
  const [params] = useSearchParams();
  const id = params.get('bulk');

  return (
    <>
      <PageHeader
        title={t('bulk.run.title')}
        breadcrumbs={[
          { label: nav('modules.ecommerce') },
          { label: nav('screens.orders.title'), to: '/app/orders' },
          { label: t('bulk.run.title') },
        ]}
      />
      {id ? <BulkRun id={id} /> : <Alert color="yellow">{t('bulk.run.none')}</Alert>}
    </>
  );
}

function BulkRun({ id }: { id: string }) {
  const { t } = useTranslation('orders');
  const dates = useDateFormat();
  const run = useBulkRun(id);
  if (run.isPending) return <Skeleton h={240} />;
  if (run.isError) return <Alert color="red">{messageOf(run.error)}</Alert>;
  const { data } = run;
  const finished = data.bought + data.failed;
  const skipped = data.items.filter((item) => item.state === 'skipped').length;
  const done = Math.min(data.total, finished + skipped);
  const percent = data.total === 0 ? 100 : Math.round((100 * done) / data.total);

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="md">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap">
            <Text fw={600} id="bulk-progress">
              {t('bulk.run.progress', { done, total: data.total })}
            </Text>
            <Badge color={STATE_COLORS[data.state]} variant="light">
              {t(`bulk.states.${data.state}`)}
            </Badge>
          </Group>
          <Progress.Root size="lg">
            <Progress.Section
              value={percent}
              aria-labelledby="bulk-progress"
              animated={data.state === 'running'}
            />
          </Progress.Root>
          <Group gap="xl" wrap="wrap">
            <Text fz="sm">{t('bulk.run.bought', { count: data.bought })}</Text>
            <Text fz="sm" c={data.failed > 0 ? 'red' : undefined}>
              {t('bulk.run.failed', { count: data.failed })}
            </Text>
            {skipped > 0 && <Text fz="sm">{t('bulk.run.skipped', { count: skipped })}</Text>}
            <Text fz="sm">{t('bulk.run.charged', { amount: formatMoney(data.charged) })}</Text>
            <Text fz="sm" c="dimmed">
              {t('bulk.run.started', { at: dates.dateTime(data.created_at) })}
            </Text>
          </Group>
          {data.labels_ready ? (
            <LabelButtons
              fileBase={`guias-${id.slice(0, 8)}`}
              pdf={() => ordersApi.bulkLabelsFile(id, 'pdf')}
              zpl={() => ordersApi.bulkLabelsFile(id, 'zpl')}
              texts={{
                print: t('bulk.run.print'),
                pdf: t('bulk.run.pdf'),
                zpl: t('bulk.run.zpl'),
                failed: t('bulk.run.downloadFailed'),
              }}
            />
          ) : (
            data.state === 'running' && (
              <Text fz="sm" c="dimmed">
                {t('bulk.run.labelsLater')}
              </Text>
            )
          )}
        </Stack>
      </Paper>
      <Paper withBorder radius="lg" p="md">
        <BulkItemsTable items={data.items} />
      </Paper>
    </Stack>
  );
}
