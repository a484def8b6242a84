import type { ShipmentDetail } from '@despacho/domain';
import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFileCode, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openFile, saveFile } from '../../../lib/open-file';
import { messageOf } from '../../../lib/server-errors';
import { shipmentsApi } from '../api';

type Action = 'print' | 'pdf' | 'zpl';

/**
 * The carrier's 4×6 label: opened in a new tab to print (the browser's PDF viewer prints it),
 * downloaded as PDF, or as ZPL for thermal printers.
 */
export function LabelActions({ shipment }: { shipment: ShipmentDetail }) {
  const { t } = useTranslation('shipments');
  const [busy, setBusy] = useState<Action | null>(null);
  const base = `guia-${shipment.tracking_number ?? shipment.id}`;

  const run = async (action: Action) => {
    setBusy(action);
    try {
      if (action === 'print') {
        await openFile(() => shipmentsApi.labelPdf(shipment.id), `${base}.pdf`);
      } else if (action === 'pdf') {
        saveFile(await shipmentsApi.labelPdf(shipment.id), `${base}.pdf`);
      } else {
        saveFile(await shipmentsApi.labelZpl(shipment.id), `${base}.zpl`);
      }
    } catch (error) {
      notifications.show({
        color: 'red',
        title: t('detail.label.failed'),
        message: messageOf(error),
      });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Group gap="sm">
      <Button
        leftSection={<IconPrinter size={18} />}
        loading={busy === 'print'}
        onClick={() => void run('print')}
      >
        {t('detail.label.print')}
      </Button>
      <Button
        variant="light"
        leftSection={<IconDownload size={18} />}
        loading={busy === 'pdf'}
        onClick={() => void run('pdf')}
      >
        {t('detail.label.pdf')}
      </Button>
      <Button
        variant="light"
        leftSection={<IconFileCode size={18} />}
        loading={busy === 'zpl'}
        onClick={() => void run('zpl')}
      >
        {t('detail.label.zpl')}
      </Button>
    </Group>
  );
}
