import {
  BULK_CSV_MAX_BYTES,
  BULK_LABELS_MAX,
  bulkCsvTemplate,
  type BulkCsvView,
} from '@despacho/domain';
import { Alert, Anchor, Button, FileButton, Group, Stack, Table, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../../../lib/file-size';
import { currentLanguage } from '../../../lib/i18n';
import { saveFile } from '../../../lib/open-file';
import { messageOf } from '../../../lib/server-errors';
import { ordersApi } from '../api';
import { errorReason } from '../order-format';

/**
 * The CSV path of bulk labels: the merchant uploads order numbers, the server names each row's
 * order or why it is left out (every row shown, none dropped), and the orders found go on to
 * the same rule, balance check and run as a selection.
 */
export function BulkCsvStep({ onContinue }: { onContinue: (orderIds: string[]) => void }) {
  const { t } = useTranslation('orders');
  const reset = useRef<() => void>(null);
  const resolve = useMutation({ mutationFn: ordersApi.resolveBulkCsv });
  const [tooLarge, setTooLarge] = useState(false);
  const view = resolve.data;

  const pick = (file: File | null) => {
    reset.current?.();
    resolve.reset();
    // Refused before sending, as the server would.
    setTooLarge(Boolean(file && file.size > BULK_CSV_MAX_BYTES));
    if (file && file.size <= BULK_CSV_MAX_BYTES) resolve.mutate(file);
  };
  const saveTemplate = () =>
    saveFile(
      new Blob([bulkCsvTemplate(currentLanguage())], { type: 'text/csv;charset=utf-8' }),
      t('bulkCsv.templateName'),
    );

  return (
    <Stack gap="md">
      <Stack gap="xs" align="center">
        <IconFileSpreadsheet size={32} stroke={1.5} />
        <Text fz="sm" ta="center">
          {t('bulkCsv.intro')}
        </Text>
        <Text fz="sm" ta="center" c="dimmed">
          {t('bulkCsv.storeHelp')}
        </Text>
        <FileButton
          onChange={pick}
          resetRef={reset}
          accept=".csv,text/csv"
          inputProps={{ 'aria-label': t('bulkCsv.input') }}
        >
          {(props) => (
            <Button {...props} loading={resolve.isPending}>
              {t('bulkCsv.choose')}
            </Button>
          )}
        </FileButton>
        <Text fz="xs" c="dimmed">
          {t('bulkCsv.limits', { max: BULK_LABELS_MAX, size: formatFileSize(BULK_CSV_MAX_BYTES) })}
        </Text>
        <Anchor component="button" type="button" fz="sm" onClick={saveTemplate}>
          {t('bulkCsv.template')}
        </Anchor>
      </Stack>
      {(resolve.isError || tooLarge) && (
        <Alert color="red" variant="light" role="alert">
          {tooLarge
            ? t('bulkCsv.tooLarge', { max: formatFileSize(BULK_CSV_MAX_BYTES) })
            : messageOf(resolve.error)}
        </Alert>
      )}
      {view && <BulkCsvResult view={view} onContinue={onContinue} />}
    </Stack>
  );
}

function BulkCsvResult({
  view,
  onContinue,
}: {
  view: BulkCsvView;
  onContinue: (orderIds: string[]) => void;
}) {
  const { t } = useTranslation('orders');
  const left = view.rows.filter((row) => row.error);
  return (
    <Stack gap="sm">
      <Text fz="sm" role="status">
        {t('bulkCsv.found', { count: view.order_ids.length })}{' '}
        {left.length > 0 && t('bulkCsv.left', { count: left.length })}
      </Text>
      {left.length > 0 && (
        // Narrow enough for a phone's dialog: the reasons wrap instead of scrolling away.
        <Table.ScrollContainer minWidth={280} mah={260}>
          <Table fz="sm" striped aria-label={t('bulkCsv.leftOut')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('bulkCsv.row')}</Table.Th>
                <Table.Th>{t('bulkCsv.number')}</Table.Th>
                <Table.Th>{t('bulkCsv.reason')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {left.map((row) => (
                <Table.Tr key={row.row}>
                  <Table.Td>{row.row}</Table.Td>
                  <Table.Td>{row.number || '—'}</Table.Td>
                  <Table.Td>{errorReason(row.error!)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group justify="flex-end">
        <Button disabled={view.order_ids.length === 0} onClick={() => onContinue(view.order_ids)}>
          {t('bulkCsv.continue', { count: view.order_ids.length })}
        </Button>
      </Group>
    </Stack>
  );
}
