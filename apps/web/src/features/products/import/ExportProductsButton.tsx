import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../../lib/open-file';
import { messageOf } from '../../../lib/server-errors';
import { productImportsApi, type ProductExportFilters } from './api';

/** "Exportar": the products the list's filters select, as CSV (one row per variant). */
export function ExportProductsButton({ filters }: { filters: ProductExportFilters }) {
  const { t } = useTranslation('product-imports');
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      saveFile(await productImportsApi.exportCsv(filters), t('export.fileName'));
    } catch (error) {
      notifications.show({ color: 'red', title: t('export.failed'), message: messageOf(error) });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Button
      variant="light"
      leftSection={<IconDownload size={18} />}
      loading={exporting}
      onClick={() => void exportCsv()}
    >
      {t('export.button')}
    </Button>
  );
}
