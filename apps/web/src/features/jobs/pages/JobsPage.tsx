import { JOB_FAILURE_STATES, type StaffJob } from '@despacho/domain';
import { Code, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../lib/server-errors';
import { useQueueParams } from '../../../lib/useQueueParams';
import { DataTable } from '../../../ui/DataTable';
import { QueuePage } from '../../../ui/QueuePage';
import { RowActions } from '../../../ui/RowActions';
import { useRetryJob, useStaffJobs } from '../api';
import { useDateFormat } from '../../../lib/dates';

/**
 * Background jobs that went wrong (mail, tracking, cancellations, purchase recovery): those that
 * used their last retry, each with its error and a retry button, and those still retrying on
 * their own. Filter and page live in the URL.
 */
export function JobsPage() {
  const dates = useDateFormat();
  const { t } = useTranslation('jobs');
  const queue = useQueueParams(JOB_FAILURE_STATES, 'failed');
  const jobs = useStaffJobs(queue.status, queue.page);
  const retry = useRetryJob();

  const retryJob = (job: StaffJob) =>
    retry.mutate(job.id, {
      onSuccess: () =>
        notifications.show({ color: 'green', message: t('retried', { kind: job.kind }) }),
      onError: (error) => notifications.show({ color: 'red', message: messageOf(error) }),
    });

  return (
    <QueuePage
      title={t('title')}
      subtitle={t('subtitle')}
      queue={queue}
      filterLabel={t('filters.label')}
      statusLabel={(value) => t(`filters.${value}`)}
      query={jobs}
      empty={t(`empty.${queue.status}`)}
      pagesLabel={t('pagination')}
    >
      {(rows) => (
        <DataTable
          rows={rows}
          rowKey={(job) => job.id}
          minWidth={720}
          columns={[
            {
              key: 'kind',
              header: t('columns.kind'),
              cell: (job) => <Code>{job.kind}</Code>,
            },
            {
              key: 'error',
              header: t('columns.error'),
              cell: (job) => (
                <Text fz="sm" c="red">
                  {job.error ?? '—'}
                </Text>
              ),
            },
            {
              key: 'attempts',
              header: t('columns.attempts'),
              cell: (job) => t('attempts', { count: job.attempts, limit: job.retry_limit + 1 }),
            },
            {
              key: 'runAt',
              header: t(queue.status === 'retry' ? 'columns.next' : 'columns.due'),
              cell: (job) => dates.dateTime(job.run_at),
            },
            queue.status === 'failed' && {
              key: 'actions',
              header: '',
              cell: (job) => (
                <RowActions
                  actions={[
                    {
                      label: t('retry', { kind: job.kind }),
                      tooltip: t('retryHint'),
                      icon: <IconRefresh size={18} />,
                      loading: retry.isPending && retry.variables === job.id,
                      onClick: () => retryJob(job),
                    },
                  ]}
                />
              ),
            },
          ]}
        />
      )}
    </QueuePage>
  );
}
