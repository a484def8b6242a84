import { REVIEW_STATUSES, type StaffVerificationSummary } from '@despacho/domain';
import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQueueParams } from '../../../lib/useQueueParams';
import { DataTable } from '../../../ui/DataTable';
import { QueuePage } from '../../../ui/QueuePage';
import { VerificationStatusBadge } from '../../../ui/VerificationStatusBadge';
import { useStaffVerifications } from '../api';
import { useDateFormat } from '../../../lib/dates';

const reviewPath = (item: StaffVerificationSummary) =>
  `/staff/verifications/${item.organization_id}`;

/**
 * The console's first screen: organizations waiting for their account verification, oldest
 * submission first; also the verified and rejected ones. Filter and page live in the URL.
 */
export function VerificationQueuePage() {
  const dates = useDateFormat();
  const { t } = useTranslation('staff');
  const queue = useQueueParams(REVIEW_STATUSES, 'in_process');
  const verifications = useStaffVerifications(queue.status, queue.page);

  return (
    <QueuePage
      title={t('verifications.title')}
      subtitle={t('verifications.subtitle')}
      queue={queue}
      filterLabel={t('verifications.filters.label')}
      statusLabel={(value) => t(`verifications.filters.${value}`)}
      query={verifications}
      empty={t('verifications.empty')}
      pagesLabel={t('verifications.pagination')}
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
              header: t('verifications.columns.organization'),
              cell: (item) => (
                <Anchor component={Link} to={reviewPath(item)} fw={600}>
                  {item.organization_name}
                </Anchor>
              ),
            },
            {
              key: 'personType',
              header: t('verifications.columns.personType'),
              cell: (item) =>
                item.person_type ? t(`verifications.personType.${item.person_type}`) : '—',
            },
            {
              key: 'submitted',
              header: t('verifications.columns.submitted'),
              cell: (item) => dates.dateTime(item.submitted_at),
            },
            queue.status !== 'in_process' && {
              key: 'reviewed',
              header: t('verifications.columns.reviewed'),
              cell: (item) => dates.dateTime(item.reviewed_at),
            },
            {
              key: 'status',
              header: t('verifications.columns.status'),
              cell: (item) => (
                <VerificationStatusBadge
                  status={item.status}
                  label={t(`verifications.status.${item.status}`)}
                />
              ),
            },
          ]}
        />
      )}
    </QueuePage>
  );
}
