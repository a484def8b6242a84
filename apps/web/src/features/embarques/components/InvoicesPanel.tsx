import { formatMoney, type EmbarqueInvoice } from '@despacho/domain';
import { ActionIcon, Badge, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileTypePdf, IconFileTypeXml } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../lib/dates';
import { saveFile } from '../../../lib/open-file';
import { messageOf } from '../../../lib/server-errors';
import { Section } from './Section';

type Format = 'xml' | 'pdf';

/**
 * The CFDI of the platform's services on this embarque; with `download` (the merchant's), a
 * stamped one's files in `formats` are saved as in finance/billing.
 */
export function InvoicesPanel({
  invoices,
  download,
  formats = ['pdf'],
  action,
}: {
  invoices: EmbarqueInvoice[];
  download?: (invoice: EmbarqueInvoice, format: Format) => Promise<Blob>;
  formats?: readonly Format[];
  action?: ReactNode;
}) {
  const { t } = useTranslation('embarques');
  const dates = useDateFormat();
  const save = async (invoice: EmbarqueInvoice, format: Format) => {
    try {
      saveFile(await download!(invoice, format), `${invoice.folio_label}.${format}`);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: t('documents.downloadFailed'),
        message: messageOf(error),
      });
    }
  };
  return (
    <Section title={t('invoices.title')} action={action}>
      {invoices.length === 0 ? (
        <Text c="dimmed" fz="sm">
          {t('invoices.empty')}
        </Text>
      ) : (
        <Table layout="fixed" fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('invoices.folio')}</Table.Th>
              <Table.Th ta="right">{t('invoices.total')}</Table.Th>
              <Table.Th w={96} ta="right">
                <VisuallyHidden>{t('invoices.files')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoices.map((invoice) => (
              <Table.Tr key={invoice.id}>
                <Table.Td>
                  <Text fz="sm" fw={600}>
                    {invoice.folio_label}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {dates.date(invoice.created_at)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  {formatMoney(invoice.total_centavos)}
                  <Text fz="xs" c="dimmed">
                    {t('invoices.vat')} {formatMoney(invoice.vat_centavos)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  {invoice.status !== 'stamped' ? (
                    <Badge color="orange" variant="light">
                      {t('invoices.pending')}
                    </Badge>
                  ) : (
                    download && (
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        {formats.map((format) => (
                          <Tooltip
                            key={format}
                            label={t(`invoices.${format}Of`, { folio: invoice.folio_label })}
                          >
                            <ActionIcon
                              variant="light"
                              aria-label={t(`invoices.${format}Of`, { folio: invoice.folio_label })}
                              onClick={() => void save(invoice, format)}
                            >
                              {format === 'xml' ? (
                                <IconFileTypeXml size={18} />
                              ) : (
                                <IconFileTypePdf size={18} />
                              )}
                            </ActionIcon>
                          </Tooltip>
                        ))}
                      </Group>
                    )
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Section>
  );
}
