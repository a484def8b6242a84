import {
  CLASSIFICATION_OPEN_STATUSES,
  CLASSIFICATION_STATUSES,
  type StaffClassificationSummary,
} from '@despacho/domain';
import { Anchor, Checkbox, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDateFormat } from '../../../lib/dates';
import { useListParams } from '../../../lib/useListParams';
import { DataTable } from '../../../ui/DataTable';
import { ListSearchInput } from '../../../ui/ListSearchInput';
import { PagedList } from '../../../ui/PagedList';
import { PageHeader } from '../../../ui/PageHeader';
import { SegmentedFilter } from '../../../ui/SegmentedFilter';
import { ClassificationStatusBadge } from '../components/ClassificationStatusBadge';
import { DueBadge } from '../components/DueBadge';
import { staffClassificationPath } from '../paths';
import { STAFF_CLASSIFICATION_PAGE_SIZE, useClassificationQueue } from '../staff-api';

const ASSIGNEES = ['me', 'unassigned'] as const;
/** `open` is the queue's default: every status staff still work on. */
const TABS = ['open', ...CLASSIFICATION_OPEN_STATUSES] as const;
const CLOSED = CLASSIFICATION_STATUSES.filter(
  (status) => !(CLASSIFICATION_OPEN_STATUSES as readonly string[]).includes(status),
);

/**
 * `/staff/classification`: products to classify of every organization, nearest due date first,
 * with how many business days each has left (or is late), by status, assignee and name.
 */
export function StaffClassificationQueuePage() {
  const { t } = useTranslation('classification');
  const dates = useDateFormat();
  const list = useListParams();
  const tab = list.choice('status', [...TABS, ...CLOSED], 'open');
  const assignee = list.choice('assignee', ASSIGNEES);
  const late = list.params.get('late') === 'true';
  const queue = useClassificationQueue({
    status: tab === 'open' ? undefined : tab,
    assignee,
    late: late ? 'true' : undefined,
    search: list.debouncedSearch || undefined,
    page: list.page,
    pageSize: STAFF_CLASSIFICATION_PAGE_SIZE,
  });
  const statusLabel = (value: string) =>
    value === 'open' ? t('staff.open') : t(`statuses.${value}`);

  return (
    <>
      <PageHeader title={t('staff.title')} subtitle={t('staff.subtitle')} />
      <Paper withBorder radius="lg" p="md">
        <Stack gap="md">
          <SegmentedFilter
            aria-label={t('staff.status')}
            value={(TABS as readonly string[]).includes(tab) ? tab : 'open'}
            onChange={(value) => list.setParam('status', value === 'open' ? undefined : value)}
            data={TABS.map((value) => ({ value, label: statusLabel(value) }))}
          />
          <Group align="flex-end" wrap="wrap">
            <ListSearchInput
              search={list.search}
              setSearch={list.setSearch}
              setParam={list.setParam}
              label={t('staff.search')}
              placeholder={t('staff.searchPlaceholder')}
              flex="1 1 260px"
            />
            <Select
              label={t('staff.closed')}
              placeholder={t('staff.closedPlaceholder')}
              data={CLOSED.map((value) => ({ value, label: t(`statuses.${value}`) }))}
              value={(CLOSED as readonly string[]).includes(tab) ? tab : null}
              onChange={(value) => list.setParam('status', value ?? undefined)}
              clearable
              w={220}
            />
            <Select
              label={t('staff.assignee')}
              placeholder={t('staff.anyone')}
              data={ASSIGNEES.map((value) => ({ value, label: t(`staff.assignees.${value}`) }))}
              value={assignee ?? null}
              onChange={(value) => list.setParam('assignee', value ?? undefined)}
              clearable
              w={180}
            />
            <Checkbox
              label={t('staff.onlyLate')}
              checked={late}
              onChange={(event) =>
                list.setParam('late', event.currentTarget.checked ? 'true' : undefined)
              }
              mb={8}
            />
          </Group>
          <PagedList
            query={queue}
            empty={t('staff.empty')}
            loadingHeight={160}
            page={list.page}
            onPageChange={(page) => list.setParam('page', String(page))}
            pagesLabel={t('staff.pages')}
          >
            {(rows: StaffClassificationSummary[]) => (
              <DataTable
                rows={rows}
                rowKey={(row) => row.id}
                rowTo={(row) => staffClassificationPath(row.id)}
                minWidth={1000}
                cardsBelow="xs"
                columns={[
                  {
                    key: 'product',
                    header: t('staff.product'),
                    cardTitle: true,
                    cell: (row) => (
                      <Stack gap={0}>
                        <Anchor
                          component={Link}
                          to={staffClassificationPath(row.id)}
                          fw={600}
                          fz="sm"
                        >
                          {row.product.name}
                        </Anchor>
                        <Text fz="xs" c="dimmed">
                          {row.organization.name}
                        </Text>
                      </Stack>
                    ),
                  },
                  {
                    key: 'status',
                    header: t('staff.statusColumn'),
                    cell: (row) => <ClassificationStatusBadge status={row.status} />,
                  },
                  {
                    key: 'due',
                    header: t('staff.due'),
                    cell: (row) => (
                      <Stack gap={2} align="flex-start">
                        <Text fz="sm">{dates.day(row.due_date)}</Text>
                        <DueBadge daysLeft={row.business_days_left} late={row.late} />
                      </Stack>
                    ),
                  },
                  {
                    key: 'requested',
                    header: t('staff.requested'),
                    cell: (row) => dates.dateTime(row.created_at),
                  },
                  {
                    key: 'classifier',
                    header: t('staff.classifier'),
                    cell: (row) => row.classifier?.name ?? t('staff.nobody'),
                  },
                  {
                    key: 'reviewer',
                    header: t('staff.reviewer'),
                    cell: (row) => row.reviewer?.name ?? t('staff.nobody'),
                  },
                ]}
              />
            )}
          </PagedList>
        </Stack>
      </Paper>
    </>
  );
}
