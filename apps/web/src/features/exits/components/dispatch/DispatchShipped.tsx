import type { StaffExitView } from '@despacho/domain';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openFile, saveFile } from '../../../../lib/open-file';
import { messageOf } from '../../../../lib/server-errors';
import { dispatchApi } from '../../dispatch-api';

/**
 * The dispatch drawer once the guide is bought: the exit shipped, and its label to print (in a
 * new tab, where the browser's PDF viewer prints it) or save, before staff close the drawer.
 */
export function DispatchShipped({ exit, onClose }: { exit: StaffExitView; onClose: () => void }) {
  const { t } = useTranslation('exits');
  const [busy, setBusy] = useState<'print' | 'pdf' | null>(null);
  const tracking = exit.guide?.tracking_number ?? '';
  const name = `guia-${tracking || exit.number}.pdf`;

  const run = async (action: 'print' | 'pdf') => {
    setBusy(action);
    try {
      if (action === 'print') await openFile(() => dispatchApi.label(exit.id), name);
      else saveFile(await dispatchApi.label(exit.id), name);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: t('dispatch.done.failed'),
        message: messageOf(error),
      });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="md">
      <Alert
        color="teal"
        variant="light"
        role="status"
        title={t('dispatch.done.title', { number: exit.number })}
      >
        {t('dispatch.done.text', { tracking })}
      </Alert>
      <Group gap="sm">
        <Button
          leftSection={<IconPrinter size={18} />}
          loading={busy === 'print'}
          onClick={() => void run('print')}
        >
          {t('dispatch.done.print')}
        </Button>
        <Button
          variant="light"
          leftSection={<IconDownload size={18} />}
          loading={busy === 'pdf'}
          onClick={() => void run('pdf')}
        >
          {t('dispatch.done.pdf')}
        </Button>
        <Button variant="default" onClick={onClose}>
          {t('dispatch.done.close')}
        </Button>
      </Group>
    </Stack>
  );
}
