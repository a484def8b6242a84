import { REVIEW_STATUSES, type ReviewStatus } from '@despacho/domain';
import {
  Alert,
  Anchor,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { messageOf } from '../../../lib/server-errors';
import { ListPagination } from '../../../ui/ListPagination';
import { PageHeader } from '../../../ui/PageHeader';
import { useStaffVerifications, VERIFICATIONS_PAGE_SIZE } from '../api';
import { VerificationStatusBadge } from '../../../ui/VerificationStatusBadge';

const isReviewStatus = (value: string | null): value is ReviewStatus =>
  (REVIEW_STATUSES as readonly (string | null)[]).includes(value);

const formatDate = (date: string | null) => (date ? dayjs(date).format('D MMM YYYY, HH:mm') : '—');

/**
 * The console's first screen: organizations waiting for their account verification, oldest
 * submission first; also the verified and rejected ones. Filter and page live in the URL.
 */
export function VerificationQueuePage() {
  const { t } = useTranslation('staff');
  const [params, setParams] = useSearchParams();
  const requested = params.get('status');
  const status: ReviewStatus = isReviewStatus(requested) ? requested : 'in_process';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useStaffVerifications(status, page);
  const show = (next: { status?: ReviewStatus; page?: number }) =>
    setParams({ status: next.status ?? status, page: String(next.page ?? 1) });

  return (
    <>
      <PageHeader title={t('verifications.title')} />
      <Text c="dimmed" mt={-12} mb="lg">
        {t('verifications.subtitle')}
      </Text>
      <Paper withBorder radius="lg" p="md">
        <Stack gap="md">
          <SegmentedControl
            aria-label={t('verifications.filters.label')}
            value={status}
            onChange={(value) => show({ status: value as ReviewStatus })}
            data={REVIEW_STATUSES.map((value) => ({
              value,
              label: t(`verifications.filters.${value}`),
            }))}
            w="fit-content"
          />
          {list.isPending ? (
            [1, 2, 3].map((row) => <Skeleton key={row} h={40} />)
          ) : list.isError ? (
            <Alert color="red">{messageOf(list.error)}</Alert>
          ) : list.data.data.length === 0 ? (
            <Text c="dimmed" ta="center" py="lg">
              {t('verifications.empty')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={640}>
              <Table verticalSpacing="sm" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('verifications.columns.organization')}</Table.Th>
                    <Table.Th>{t('verifications.columns.personType')}</Table.Th>
                    <Table.Th>{t('verifications.columns.submitted')}</Table.Th>
                    {status !== 'in_process' && (
                      <Table.Th>{t('verifications.columns.reviewed')}</Table.Th>
                    )}
                    <Table.Th>{t('verifications.columns.status')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.data.data.map((item) => (
                    <Table.Tr key={item.organization_id}>
                      <Table.Td>
                        <Anchor
                          component={Link}
                          to={`/staff/verifications/${item.organization_id}`}
                          fw={600}
                        >
                          {item.organization_name}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>
                        {item.person_type ? t(`verifications.personType.${item.person_type}`) : '—'}
                      </Table.Td>
                      <Table.Td>{formatDate(item.submitted_at)}</Table.Td>
                      {status !== 'in_process' && (
                        <Table.Td>{formatDate(item.reviewed_at)}</Table.Td>
                      )}
                      <Table.Td>
                        <VerificationStatusBadge
                          status={item.status}
                          label={t(`verifications.status.${item.status}`)}
                        />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <ListPagination
            total={list.data?.meta.total ?? 0}
            pageSize={VERIFICATIONS_PAGE_SIZE}
            page={page}
            onChange={(next) => show({ page: next })}
            label={t('verifications.pagination')}
          />
        </Stack>
      </Paper>
    </>
  );
}
