import { formatMoney, INVOICE_KINDS, type InvoiceKind, type InvoiceView } from '@despacho/domain';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  Skeleton,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileTypePdf, IconFileTypeXml, IconFilterOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../lib/dates';
import { saveFile } from '../../../lib/open-file';
import { messageOf } from '../../../lib/server-errors';
import { useListParams } from '../../../lib/useListParams';
import { ListPagination } from '../../../ui/ListPagination';
import { DateRangeFields, isReversedRange } from '../../../ui/DateRangeFields';
import { PageHeader } from '../../../ui/PageHeader';
import { invoicesApi, useInvoices, type InvoicesFilter } from '../api';
import { CancellationState } from '../components/CancellationState';
import { InvoiceFolio } from '../components/InvoiceFolio';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isKind = (value: string | null): value is InvoiceKind =>
  (INVOICE_KINDS as readonly (string | null)[]).includes(value);
const dayParam = (value: string | null) => (value && DAY.test(value) ? value : undefined);

function Downloads({ invoice }: { invoice: InvoiceView }) {
  const { t } = useTranslation('billing');
  const download = async (format: 'xml' | 'pdf') => {
    try {
      saveFile(await invoicesApi[format](invoice.id), `${invoice.folio_label}.${format}`);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: t('downloadFailed'),
        message: messageOf(error),
      });
    }
  };
  if (invoice.status !== 'stamped') {
    return (
      <Badge color="orange" variant="light">
        {t(`status.${invoice.status}`)}
      </Badge>
    );
  }
  return (
    <Group gap={4} wrap="nowrap">
      {(['xml', 'pdf'] as const).map((format) => (
        <Tooltip key={format} label={t(`download.${format}`)}>
          <ActionIcon
            variant="light"
            aria-label={t(`download.${format}Of`, { folio: invoice.folio_label })}
            onClick={() => void download(format)}
          >
            {format === 'xml' ? <IconFileTypeXml size={18} /> : <IconFileTypePdf size={18} />}
          </ActionIcon>
        </Tooltip>
      ))}
    </Group>
  );
}

/**
 * `finance/billing`: the CFDI 4.0 invoices of the prepaid balance — one per credited deposit
 * and one per fee — with their XML and PDF, filtered by days and kind in the URL, paged on the
 * server. Sandbox invoices say they have no fiscal validity.
 */
export function BillingPage() {
  const { t } = useTranslation('billing');
  const { t: nav } = useTranslation('navigation');
  const { params, page, setParam } = useListParams();
  const typeParam = params.get('type');
  const filter: InvoicesFilter = {
    from: dayParam(params.get('from')),
    to: dayParam(params.get('to')),
    type: isKind(typeParam) ? typeParam : undefined,
  };
  const reversed = isReversedRange(filter.from, filter.to);
  const invoices = useInvoices({ ...filter, page }, !reversed);
  const filtered = Boolean(filter.from || filter.to || filter.type);
  const sandbox = invoices.data?.data.some((invoice) => invoice.sandbox) ?? false;
  const dates = useDateFormat();

  return (
    <>
      <PageHeader
        title={nav('screens.financeBilling.title')}
        breadcrumbs={[
          { label: nav('modules.finances') },
          { label: nav('screens.financeBilling.title') },
        ]}
        action={
          sandbox && (
            <Tooltip label={t('sandbox.hint')} multiline w={280}>
              <Badge color="red" variant="light" size="lg">
                {t('sandbox.badge')}
              </Badge>
            </Tooltip>
          )
        }
        subtitle={t('subtitle')}
      />

      <Paper withBorder radius="lg" p="md">
        <Group align="flex-start" mb="md" wrap="wrap">
          <DateRangeFields
            from={filter.from}
            to={filter.to}
            labels={{ from: t('filters.from'), to: t('filters.to') }}
            rangeError={t('filters.range')}
            onChange={setParam}
          />
          <NativeSelect
            w={220}
            label={t('filters.type')}
            data={[
              { value: '', label: t('filters.allTypes') },
              ...INVOICE_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) })),
            ]}
            value={filter.type ?? ''}
            onChange={(event) => setParam('type', event.currentTarget.value || undefined)}
          />
          {filtered && (
            <Button
              variant="subtle"
              mt={25}
              leftSection={<IconFilterOff size={16} />}
              onClick={() => {
                for (const key of ['from', 'to', 'type']) setParam(key, undefined);
              }}
            >
              {t('filters.clear')}
            </Button>
          )}
        </Group>

        {reversed ? null : invoices.isPending ? (
          <Skeleton h={240} />
        ) : invoices.isError ? (
          <Alert color="red">{messageOf(invoices.error)}</Alert>
        ) : invoices.data.data.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {filtered ? t('empty.filtered') : t('empty.text')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={980}>
            <Table verticalSpacing="sm" highlightOnHover aria-label={t('table.label')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('table.folio')}</Table.Th>
                  <Table.Th>{t('table.type')}</Table.Th>
                  <Table.Th>{t('table.user')}</Table.Th>
                  <Table.Th>{t('table.issuer')}</Table.Th>
                  <Table.Th>{t('table.receiver')}</Table.Th>
                  <Table.Th>{t('table.date')}</Table.Th>
                  <Table.Th ta="right">{t('table.amount')}</Table.Th>
                  <Table.Th>{t('table.taxId')}</Table.Th>
                  <Table.Th>{t('table.files')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invoices.data.data.map((invoice) => (
                  <Table.Tr key={invoice.id}>
                    <Table.Td>
                      <InvoiceFolio invoice={invoice} />
                      {invoice.cancellation && (
                        <CancellationState cancellation={invoice.cancellation} />
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text fz="sm">{t(`kinds.${invoice.kind}`)}</Text>
                      <Text fz="xs" c="dimmed">
                        {t('cfdiType', { type: invoice.cfdi_type })}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text fz="sm">{invoice.user?.name || t('automatic')}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text fz="sm">{invoice.issuer.name}</Text>
                      <Text fz="xs" c="dimmed">
                        {invoice.issuer.rfc}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text fz="sm">
                        {invoice.receiver.generic ? t('generalPublic') : invoice.receiver.name}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
                        {dates.dateTime(invoice.created_at)}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text fz="sm" fw={600}>
                        {formatMoney(invoice.total_centavos)}
                      </Text>
                      <Text fz="xs" c="dimmed">
                        {t('vat', { amount: formatMoney(invoice.vat_centavos) })}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text fz="sm" ff="monospace">
                        {invoice.receiver.rfc}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Downloads invoice={invoice} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {invoices.data && !reversed && (
          <ListPagination
            total={invoices.data.meta.total}
            pageSize={invoices.data.meta.pageSize}
            page={page}
            onChange={(next) => setParam('page', String(next))}
            label={t('table.pages')}
          />
        )}
      </Paper>
    </>
  );
}
