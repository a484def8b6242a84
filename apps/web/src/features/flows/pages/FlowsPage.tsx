import type { FlowState } from '@despacho/domain';
import { Badge, Code, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../lib/dates';
import { useQueueParams } from '../../../lib/useQueueParams';
import { DataTable } from '../../../ui/DataTable';
import { QueuePage } from '../../../ui/QueuePage';
import { useStaffFlows } from '../api';

/** The filter's order: what needs someone first, so a phone shows it without scrolling. */
const FILTER_STATES: readonly FlowState[] = [
  'failed',
  'running',
  'compensating',
  'compensated',
  'succeeded',
];

const STATE_COLORS: Record<FlowState, string> = {
  running: 'blue',
  succeeded: 'green',
  compensating: 'orange',
  compensated: 'gray',
  failed: 'red',
};

/**
 * Work that spans domains (an exit's dispatch…), run by run: the step each is at, and for a
 * refused or failed one the step that stopped it and why. A run resumes or compensates on its
 * own; `failed` is what staff must look at. Filter and page live in the URL.
 */
export function FlowsPage() {
  const dates = useDateFormat();
  const { t } = useTranslation('flows');
  const queue = useQueueParams(FILTER_STATES, 'failed');
  const flows = useStaffFlows(queue.status, queue.page);

  return (
    <QueuePage
      title={t('title')}
      subtitle={t('subtitle')}
      queue={queue}
      filterLabel={t('filters.label')}
      statusLabel={(value) => t(`states.${value}`)}
      query={flows}
      empty={t(`empty.${queue.status}`)}
      pagesLabel={t('pagination')}
    >
      {(rows) => (
        <DataTable
          rows={rows}
          rowKey={(run) => run.id}
          minWidth={760}
          cardsBelow="sm"
          columns={[
            {
              key: 'state',
              header: t('columns.state'),
              cardTitle: true,
              cell: (run) => (
                <Badge color={STATE_COLORS[run.state]} variant="light">
                  {t(`states.${run.state}`)}
                </Badge>
              ),
            },
            {
              key: 'kind',
              header: t('columns.kind'),
              cardTitle: true,
              cell: (run) => (
                <Stack gap={2}>
                  <Text fz="sm">{t(`kinds.${run.kind}`, { defaultValue: run.kind })}</Text>
                  <Code>
                    {run.subject_type} {run.subject_id}
                  </Code>
                </Stack>
              ),
            },
            {
              key: 'step',
              header: t('columns.step'),
              cell: (run) => t(`steps.${run.step}`, { defaultValue: run.step }),
            },
            {
              key: 'failure',
              header: t('columns.failure'),
              cell: (run) =>
                run.failed_step ? (
                  <Stack gap={2}>
                    <Text fz="sm">
                      {t(`steps.${run.failed_step}`, { defaultValue: run.failed_step })}
                    </Text>
                    <Text fz="sm" c="red">
                      {run.error ?? '—'}
                    </Text>
                  </Stack>
                ) : (
                  '—'
                ),
            },
            {
              key: 'updated',
              header: t('columns.updated'),
              cell: (run) => dates.dateTime(run.updated_at),
            },
            {
              key: 'created',
              header: t('columns.created'),
              cell: (run) => dates.dateTime(run.created_at),
            },
          ]}
        />
      )}
    </QueuePage>
  );
}
