import { formatMoney, type StaffInvoiceView } from '@despacho/domain';
import { Badge, Button, Paper, Stack, Text } from '@mantine/core';
import { IconFileOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../lib/dates';
import { useListParams } from '../../../lib/useListParams';
import { DataTable } from '../../../ui/DataTable';
import { PageHeader } from '../../../ui/PageHeader';
import { PagedList } from '../../../ui/PagedList';
import { CancelInvoiceDialog } from '../components/CancelInvoiceDialog';
import { CancellationState } from '../components/CancellationState';
import { useStaffInvoices } from '../staff-api';
import { InvoiceFolio } from '../components/InvoiceFolio';

/** A stamped invoice staff may still cancel: none asked yet, or SAT refused the last request. */
const cancellable = (invoice: StaffInvoiceView) =>
  invoice.status === 'stamped' &&
  (!invoice.cancellation || invoice.cancellation.status === 'rejected');

/**
 * `/staff/invoices`: the CFDI the platform issued to every organization, newest first, each with
 * its cancellation before SAT, and the action to ask for one. `?id=` keeps one invoice (the
 * audit log links to it).
 */
export function StaffInvoicesPage() {
  const { t } = useTranslation('billing');
  const dates = useDateFormat();
  const { params, page, setParam } = useListParams();
  const id = params.get('id') ?? undefined;
  const list = useStaffInvoices(page, id);
  const [cancelling, setCancelling] = useState<StaffInvoiceView | null>(null);

  return (
    <>
      <PageHeader title={t('staff.title')} subtitle={t('staff.subtitle')} />
      <Paper withBorder radius="lg" p="md">
        <Stack gap="md">
          {id && (
            <Button
              variant="subtle"
              size="xs"
              w="fit-content"
              onClick={() => setParam('id', undefined)}
            >
              {t('staff.showAll')}
            </Button>
          )}
          <PagedList
            query={list}
            empty={t('staff.empty')}
            page={page}
            onPageChange={(next) => setParam('page', String(next))}
            pagesLabel={t('table.pages')}
          >
            {(rows) => (
              <DataTable
                rows={rows}
                rowKey={(invoice) => invoice.id}
                label={t('table.label')}
                minWidth={900}
                cardsBelow="sm"
                columns={[
                  {
                    key: 'folio',
                    header: t('table.folio'),
                    cardTitle: true,
                    cell: (invoice) => (
                      <Stack gap={0}>
                        <InvoiceFolio invoice={invoice} />
                      </Stack>
                    ),
                  },
                  {
                    key: 'organization',
                    header: t('staff.organization'),
                    cell: (invoice) => (
                      <Stack gap={0}>
                        <Text fz="sm">{invoice.organization.name}</Text>
                        <Text fz="xs" c="dimmed">
                          {t(`kinds.${invoice.kind}`)}
                        </Text>
                      </Stack>
                    ),
                  },
                  {
                    key: 'date',
                    header: t('table.date'),
                    cell: (invoice) => dates.dateTime(invoice.created_at),
                  },
                  {
                    key: 'amount',
                    header: t('table.amount'),
                    cell: (invoice) => formatMoney(invoice.total_centavos),
                  },
                  {
                    key: 'status',
                    header: t('staff.state'),
                    cell: (invoice) =>
                      invoice.cancellation ? (
                        <CancellationState cancellation={invoice.cancellation} />
                      ) : (
                        <Badge
                          color={invoice.status === 'stamped' ? 'teal' : 'orange'}
                          variant="light"
                        >
                          {t(`status.${invoice.status}`)}
                        </Badge>
                      ),
                  },
                  {
                    key: 'actions',
                    header: t('staff.actions'),
                    cell: (invoice) =>
                      cancellable(invoice) && (
                        <Button
                          size="xs"
                          color="red"
                          variant="light"
                          leftSection={<IconFileOff size={14} />}
                          aria-label={t('staff.cancelLabel', {
                            folio: invoice.folio_label,
                            organization: invoice.organization.name,
                          })}
                          onClick={() => setCancelling(invoice)}
                        >
                          {t('staff.cancel')}
                        </Button>
                      ),
                  },
                ]}
              />
            )}
          </PagedList>
        </Stack>
      </Paper>
      {cancelling && (
        <CancelInvoiceDialog invoice={cancelling} onClose={() => setCancelling(null)} />
      )}
    </>
  );
}
