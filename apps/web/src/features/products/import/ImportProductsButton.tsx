import {
  PRODUCT_IMPORT_MAX_BYTES,
  PRODUCT_IMPORT_MAX_ROWS,
  productCsvHeader,
} from '@despacho/domain';
import {
  Alert,
  Anchor,
  Button,
  FileButton,
  Modal,
  Paper,
  Progress,
  Stack,
  Text,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../../../lib/file-size';
import { currentLanguage } from '../../../lib/i18n';
import { saveFile } from '../../../lib/open-file';
import { messageOf } from '../../../lib/server-errors';
import { useApplyImport, useImportStatus, useUploadImport } from './api';
import { ImportErrors } from './ImportErrors';
import { ImportSummary } from './ImportSummary';

/** The template: the header row in the screen's language, UTF-8 with a BOM as the export. */
function saveTemplate(name: string) {
  const header = `\uFEFF${productCsvHeader(currentLanguage()).join(',')}\r\n`;
  saveFile(new Blob([header], { type: 'text/csv;charset=utf-8' }), name);
}

/**
 * "Importar": a CSV of products (one row per variant). The server reads the whole file first and
 * answers what importing it does (new, updated, unchanged, refused and why) without writing;
 * once the merchant confirms, one job applies the products without errors while the bar shows
 * its progress, and the list is read again once it is done.
 */
export function ImportProductsButton() {
  const { t } = useTranslation('product-imports');
  const [opened, { open, close }] = useDisclosure(false);
  const upload = useUploadImport();
  const apply = useApplyImport();
  const reset = useRef<() => void>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [importId, setImportId] = useState<string | null>(null);
  const status = useImportStatus(importId);
  const view = status.data ?? upload.data;
  const running = view && (view.status === 'queued' || view.status === 'running');
  const toApply = view ? view.summary.created + view.summary.updated : 0;

  const pick = (file: File | null) => {
    reset.current?.();
    if (!file) return;
    setProblem(null);
    setImportId(null);
    upload.reset();
    if (file.size > PRODUCT_IMPORT_MAX_BYTES) {
      setProblem(t('tooLarge', { max: formatFileSize(PRODUCT_IMPORT_MAX_BYTES) }));
      return;
    }
    upload.mutate(file, {
      onSuccess: (answer) => {
        if (answer.status !== 'invalid') setImportId(answer.id);
      },
      onError: (error) => setProblem(messageOf(error)),
    });
  };

  const confirm = (id: string) => {
    setProblem(null);
    apply.mutate(id, { onError: (error) => setProblem(messageOf(error)) });
  };

  // Closed while the job runs, the modal shows its progress again when reopened.
  const closeModal = () => {
    close();
    if (running) return;
    setImportId(null);
    setProblem(null);
    upload.reset();
  };

  const drop = (event: DragEvent) => {
    event.preventDefault();
    pick(event.dataTransfer.files[0] ?? null);
  };

  const percent = view?.products_total
    ? Math.round((view.products_done / view.products_total) * 100)
    : 0;

  return (
    <>
      <Button variant="light" leftSection={<IconUpload size={18} />} onClick={open}>
        {t('button')}
      </Button>
      <Modal opened={opened} onClose={closeModal} title={t('title')} size="lg">
        <Stack gap="md">
          <Paper
            withBorder
            radius="md"
            p="lg"
            style={{ borderStyle: 'dashed', textAlign: 'center' }}
            onDragOver={(event) => event.preventDefault()}
            onDrop={drop}
          >
            <Stack gap="xs" align="center">
              <IconFileSpreadsheet size={32} stroke={1.5} />
              <Text fz="sm">{t('drop')}</Text>
              <FileButton
                onChange={pick}
                resetRef={reset}
                accept=".csv,text/csv"
                inputProps={{ 'aria-label': t('input') }}
              >
                {(props) => (
                  <Button {...props} loading={upload.isPending} disabled={Boolean(running)}>
                    {t('choose')}
                  </Button>
                )}
              </FileButton>
              <Text fz="xs" c="dimmed">
                {t('limits', {
                  size: formatFileSize(PRODUCT_IMPORT_MAX_BYTES),
                  rows: PRODUCT_IMPORT_MAX_ROWS.toLocaleString(
                    currentLanguage() === 'en' ? 'en-US' : 'es-MX',
                  ),
                })}
              </Text>
              <Text fz="xs" c="dimmed">
                {t('grouping')}
              </Text>
              <Anchor
                component="button"
                type="button"
                fz="sm"
                onClick={() => saveTemplate(t('templateName'))}
              >
                {t('template')}
              </Anchor>
            </Stack>
          </Paper>

          {problem && (
            <Alert color="red" variant="light" role="alert">
              {problem}
            </Alert>
          )}
          {view && (view.status === 'checked' || view.status === 'done') && (
            <ImportSummary view={view} />
          )}
          {view && view.errors.length > 0 && <ImportErrors view={view} />}
          {view?.status === 'checked' &&
            (toApply === 0 ? (
              <Alert color="gray" variant="light" role="status">
                {t('summary.nothing')}
              </Alert>
            ) : (
              <Stack gap="xs" align="flex-end">
                {view.summary.refused > 0 && (
                  <Text fz="sm" c="dimmed" ta="right">
                    {t('apply.warning')}
                  </Text>
                )}
                <Button loading={apply.isPending} onClick={() => confirm(view.id)}>
                  {t(view.summary.refused > 0 ? 'apply.valid' : 'apply.all', { count: toApply })}
                </Button>
              </Stack>
            ))}
          {view && (running || view.status === 'done' || view.status === 'failed') && (
            <Stack gap={4}>
              <Text fz="sm">
                {t('progress', { done: view.products_done, total: view.products_total })}
              </Text>
              <Progress
                value={percent}
                animated={Boolean(running)}
                aria-label={t('progressLabel')}
                color={view.status === 'failed' ? 'red' : undefined}
              />
            </Stack>
          )}
          {view?.status === 'done' && (
            <Alert color="green" variant="light" role="status">
              {t('done', { count: view.summary.created + view.summary.updated })}
            </Alert>
          )}
        </Stack>
      </Modal>
    </>
  );
}
