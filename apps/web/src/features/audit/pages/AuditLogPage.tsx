import type { AuditEntry, AuditSubjectType } from '@despacho/domain';
import {
  Alert,
  Anchor,
  Button,
  Code,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { messageOf } from '../../../lib/server-errors';
import { ListPagination } from '../../../ui/ListPagination';
import { PageHeader } from '../../../ui/PageHeader';
import { AUDIT_PAGE_SIZE, useAuditLog } from '../api';
import { useDateFormat } from '../../../lib/dates';

const COLUMNS = 5;

/** The deposits list a deposit's entry shows in: credited card deposits have their own. */
function depositFilter(after: AuditEntry['after']) {
  if (after?.status === 'rejected') return 'rejected';
  return after?.method === 'card' && after.status === 'credited' ? 'card-credited' : 'credited';
}

/** Where in the console the subject of each kind of entry is. */
const SUBJECT_LINKS: Record<AuditSubjectType, (entry: AuditEntry) => string> = {
  verification: (entry) => `/staff/verifications/${entry.subject_id}`,
  conversation: (entry) => `/staff/conversations?conversation=${entry.subject_id}`,
  ticket: (entry) => `/staff/tickets/${entry.subject_id}`,
  deposit: (entry) => `/staff/deposits?status=${depositFilter(entry.after)}`,
  bank_transfer: (entry) =>
    `/staff/bank-transfers?status=${entry.after?.status === 'returned' ? 'returned' : 'credited'}`,
  bank_statement: () => '/staff/bank-transfers',
  job: () => '/staff/jobs?status=retry',
  warehouse: () => '/staff/warehouses',
  stock_operation: () => '/staff/warehouses',
  entry: () => '/staff/receiving',
  exit: () => '/staff/exits',
  classification_item: (entry) => `/staff/classification/${entry.subject_id}`,
  embarque: (entry) => `/staff/embarques/${entry.subject_id}`,
  t1_duty_rate: () => '/staff/international/rates',
  t1_exchange_rate: () => '/staff/international/rates',
  t1_restriction: () => '/staff/international/restrictions',
  // A merchant's own change of its settings: the organization's page.
  carrier_account: (entry) => `/staff/verifications/${entry.organization_id ?? ''}`,
  invoice: (entry) => `/staff/invoices?id=${entry.subject_id}`,
};
const subjectLink = (entry: AuditEntry) => SUBJECT_LINKS[entry.subject_type](entry);

function Snapshot({ label, value }: { label: string; value: AuditEntry['before'] }) {
  return (
    <div>
      <Text fz="xs" fw={600} c="dimmed" tt="uppercase" mb={4}>
        {label}
      </Text>
      <Code block>{value ? JSON.stringify(value, null, 2) : '—'}</Code>
    </div>
  );
}

/** The audit log: every staff action, newest first, with what it changed. */
export function AuditLogPage() {
  const dates = useDateFormat();
  const { t } = useTranslation('audit');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const log = useAuditLog(page);

  return (
    <>
      <PageHeader title={t('title')} />
      <Text c="dimmed" mt={-12} mb="lg">
        {t('subtitle')}
      </Text>
      <Paper withBorder radius="lg" p="md">
        <Stack gap="md">
          {log.isPending ? (
            [1, 2, 3].map((row) => <Skeleton key={row} h={40} />)
          ) : log.isError ? (
            <Alert color="red">{messageOf(log.error)}</Alert>
          ) : log.data.data.length === 0 ? (
            <Text c="dimmed" ta="center" py="lg">
              {t('empty')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={720}>
              <Table verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('columns.when')}</Table.Th>
                    <Table.Th>{t('columns.who')}</Table.Th>
                    <Table.Th>{t('columns.action')}</Table.Th>
                    <Table.Th>{t('columns.organization')}</Table.Th>
                    <Table.Th>{t('columns.changes')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {log.data.data.map((entry) => {
                    const expanded = open === entry.id;
                    return (
                      <Fragment key={entry.id}>
                        <Table.Tr>
                          <Table.Td>{dates.dateTime(entry.created_at, { seconds: true })}</Table.Td>
                          <Table.Td>{entry.actor_email}</Table.Td>
                          <Table.Td>
                            <Anchor component={Link} to={subjectLink(entry)} fz="sm">
                              {t(`actions.${entry.action}`)}
                            </Anchor>
                          </Table.Td>
                          <Table.Td>{entry.organization_name ?? '—'}</Table.Td>
                          <Table.Td>
                            <Button
                              variant="subtle"
                              size="compact-sm"
                              aria-expanded={expanded}
                              onClick={() => setOpen(expanded ? null : entry.id)}
                            >
                              {t(expanded ? 'hide' : 'show')}
                            </Button>
                          </Table.Td>
                        </Table.Tr>
                        {expanded && (
                          <Table.Tr>
                            <Table.Td colSpan={COLUMNS}>
                              <SimpleGrid cols={{ base: 1, md: 2 }}>
                                <Snapshot label={t('before')} value={entry.before} />
                                <Snapshot label={t('after')} value={entry.after} />
                              </SimpleGrid>
                            </Table.Td>
                          </Table.Tr>
                        )}
                      </Fragment>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <ListPagination
            total={log.data?.meta.total ?? 0}
            pageSize={AUDIT_PAGE_SIZE}
            page={page}
            onChange={setPage}
            label={t('pagination')}
          />
        </Stack>
      </Paper>
    </>
  );
}
