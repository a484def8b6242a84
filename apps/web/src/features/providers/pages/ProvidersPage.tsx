import {
  PROVIDER_KINDS,
  type ProviderMode,
  type StaffProvider,
  type StaffProviderFailure,
} from '@despacho/domain';
import {
  Alert,
  Badge,
  Code,
  Group,
  NativeSelect,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../lib/dates';
import { messageOf } from '../../../lib/server-errors';
import { useListParams } from '../../../lib/useListParams';
import { DataTable } from '../../../ui/DataTable';
import { PageHeader } from '../../../ui/PageHeader';
import { PagedList } from '../../../ui/PagedList';
import { useProviderFailures, useStaffProviders } from '../api';

const MODE_COLORS: Record<ProviderMode, string> = {
  live: 'green',
  test: 'yellow',
  sandbox: 'gray',
};
const OUTCOME_COLORS: Record<StaffProvider['last_outcome'], string> = {
  ok: 'green',
  failed: 'red',
  unknown: 'gray',
};

/** The provider's company name, or its recorded name when the locale has none. */
function useProviderName() {
  const { t } = useTranslation('providers');
  return (provider: string) => t(`names.${provider}`, { defaultValue: provider });
}

function ProvidersTable({ rows }: { rows: readonly StaffProvider[] }) {
  const { t } = useTranslation('providers');
  const dates = useDateFormat();
  const name = useProviderName();
  const when = (value: string | null) => (value ? dates.dateTime(value) : '—');
  return (
    <DataTable
      rows={rows}
      rowKey={(row) => `${row.kind}/${row.provider}`}
      label={t('providers.title')}
      minWidth={760}
      cardsBelow="sm"
      columns={[
        {
          key: 'provider',
          header: t('columns.provider'),
          cardTitle: true,
          cell: (row) => (
            <Stack gap={0}>
              <Text fz="sm" fw={600}>
                {name(row.provider)}
              </Text>
              <Text fz="xs" c="dimmed">
                {t(`kinds.${row.kind}`)}
              </Text>
            </Stack>
          ),
        },
        {
          key: 'mode',
          header: t('columns.mode'),
          cell: (row) =>
            row.mode ? (
              <Badge color={MODE_COLORS[row.mode]} variant="light">
                {t(`modes.${row.mode}`)}
              </Badge>
            ) : (
              <Text fz="sm" c="dimmed">
                {t('modes.none')}
              </Text>
            ),
        },
        {
          key: 'outcome',
          header: t('columns.outcome'),
          cell: (row) => (
            <Badge color={OUTCOME_COLORS[row.last_outcome]} variant="light">
              {t(`outcomes.${row.last_outcome}`)}
            </Badge>
          ),
        },
        { key: 'success', header: t('columns.success'), cell: (row) => when(row.last_success_at) },
        { key: 'failure', header: t('columns.failure'), cell: (row) => when(row.last_failure_at) },
      ]}
    />
  );
}

function FailuresTable({ rows }: { rows: readonly StaffProviderFailure[] }) {
  const { t } = useTranslation('providers');
  const dates = useDateFormat();
  const name = useProviderName();
  return (
    <DataTable
      rows={rows}
      rowKey={(row) => row.id}
      label={t('failures.title')}
      minWidth={900}
      cardsBelow="sm"
      columns={[
        {
          key: 'when',
          header: t('columns.when'),
          cardTitle: true,
          cell: (row) => dates.dateTime(row.occurred_at, { seconds: true }),
        },
        {
          key: 'provider',
          header: t('columns.provider'),
          cardTitle: true,
          cell: (row) => (
            <Text fz="sm">
              {name(row.provider)} · <Code>{row.operation}</Code>
            </Text>
          ),
        },
        {
          key: 'code',
          header: t('columns.code'),
          cell: (row) => (
            <Badge color="red" variant="light">
              {t(`codes.${row.code}`)}
            </Badge>
          ),
        },
        {
          key: 'status',
          header: t('columns.status'),
          cell: (row) =>
            [row.http_status, row.provider_code].filter((value) => value !== null).join(' · ') ||
            '—',
        },
        {
          key: 'message',
          header: t('columns.message'),
          cell: (row) => (
            <Text fz="sm" c="red" style={{ overflowWrap: 'anywhere' }}>
              {row.message}
            </Text>
          ),
        },
      ]}
    />
  );
}

/**
 * The outside providers (carriers, payments, PAC, SMS, file storage): which are live, in their
 * test mode or sandboxes, whether each one's last call went well, and their latest failures with
 * the provider's own code and message. The failures' filters and page live in the URL.
 */
export function ProvidersPage() {
  const { t } = useTranslation('providers');
  const name = useProviderName();
  const list = useListParams();
  const providers = useStaffProviders();
  const kind = list.choice('kind', PROVIDER_KINDS);
  const names = [...new Set((providers.data?.data ?? []).map((row) => row.provider))].sort();
  const provider = list.choice('provider', names);
  const failures = useProviderFailures({ kind, provider, page: list.page });

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Stack gap="lg">
        <Paper withBorder radius="lg" p="md">
          <Stack gap="md">
            <Title order={2} fz="h4">
              {t('providers.title')}
            </Title>
            {providers.isPending ? (
              <Skeleton h={160} />
            ) : providers.isError ? (
              <Alert color="red">{messageOf(providers.error)}</Alert>
            ) : (
              <ProvidersTable rows={providers.data.data} />
            )}
          </Stack>
        </Paper>
        <Paper withBorder radius="lg" p="md">
          <Stack gap="md">
            <Title order={2} fz="h4">
              {t('failures.title')}
            </Title>
            <Group align="end">
              <NativeSelect
                label={t('filters.kind')}
                value={kind ?? ''}
                onChange={(event) => list.setParam('kind', event.currentTarget.value || undefined)}
                data={[
                  { value: '', label: t('filters.allKinds') },
                  ...PROVIDER_KINDS.map((value) => ({ value, label: t(`kinds.${value}`) })),
                ]}
                w={220}
              />
              <NativeSelect
                label={t('filters.provider')}
                value={provider ?? ''}
                onChange={(event) =>
                  list.setParam('provider', event.currentTarget.value || undefined)
                }
                data={[
                  { value: '', label: t('filters.allProviders') },
                  ...names.map((value) => ({ value, label: name(value) })),
                ]}
                w={220}
              />
            </Group>
            <PagedList
              query={failures}
              empty={t('failures.empty')}
              loadingHeight={160}
              page={list.page}
              onPageChange={(page) => list.setParam('page', String(page))}
              pagesLabel={t('failures.pagination')}
            >
              {(rows) => <FailuresTable rows={rows} />}
            </PagedList>
          </Stack>
        </Paper>
      </Stack>
    </>
  );
}
