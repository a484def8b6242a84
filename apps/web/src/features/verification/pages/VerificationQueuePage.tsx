import { REVIEW_STATUSES, type StaffVerificationSummary } from '@despacho/domain';
import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQueueParams } from '../../../lib/useQueueParams';
import { DataTable } from '../../../ui/DataTable';
import { QueuePage } from '../../../ui/QueuePage';
import { VerificationStatusBadge } from '../../../ui/VerificationStatusBadge';
import { useStaffVerifications } from '../staff-api';
import { useDateFormat } from '../../../lib/dates';

const reviewPath = (item: StaffVerificationSummary) =>
  `/staff/verifications/${item.organization_id}`;

/**
 * The console's first screen: organizations waiting for their account verification, oldest
 * submission first; also the verified and rejected ones. Filter and page live in the URL.
 */
export function VerificationQueuePage() {
  const dates = useDateFormat();
  const { t } = useTranslation('verification');
  const queue = useQueueParams(REVIEW_STATUSES, 'in_process');
  const verifications = useStaffVerifications(queue.status, queue.page);

  return (
    <QueuePage
      title={t('staff.title')}
      subtitle={t('staff.subtitle')}
      queue={queue}
      filterLabel={t('staff.filters.label')}
      statusLabel={(value) => t(`staff.filters.${value}`)}
      query={verifications}
      empty={t('staff.empty')}
      pagesLabel={t('staff.pagination')}
    >
      {(rows) => (
        <DataTable
          rows={rows}
          rowKey={(item) => item.organization_id}
          rowTo={reviewPath}
          minWidth={640}
          columns={[
            {
              key: 'organization',
              header: t('staff.columns.organization'),
              cell: (item) => (
                <Anchor component={Link} to={reviewPath(item)} fw={600}>
                  {item.organization_name}
                </Anchor>
              ),
            },
            {
              key: 'personType',
              header: t('staff.columns.personType'),
              cell: (item) => (item.person_type ? t(`staff.personType.${item.person_type}`) : '—'),
            },
            {
              key: 'submitted',
              header: t('staff.columns.submitted'),
              cell: (item) => dates.dateTime(item.submitted_at),
            },
            queue.status !== 'in_process' && {
              key: 'reviewed',
              header: t('staff.columns.reviewed'),
              cell: (item) => dates.dateTime(item.reviewed_at),
            },
            {
              key: 'status',
              header: t('staff.columns.status'),
              cell: (item) => (
                <VerificationStatusBadge
                  status={item.status}
                  label={t(`staff.status.${item.status}`)}
                />
              ),
            },
          ]}
        />
      )}
    </QueuePage>
  );
}
