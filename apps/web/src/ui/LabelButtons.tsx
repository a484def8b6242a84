import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFileCode, IconPrinter } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { openFile, saveFile } from '../lib/open-file';
import { messageOf } from '../lib/server-errors';

type Action = 'print' | 'pdf' | 'zpl';

export interface LabelButtonsProps {
  /** The file name without extension (`guia-<tracking>`). */
  fileBase: string;
  pdf: () => Promise<Blob>;
  /** The ZPL for thermal printers, where the caller offers it. */
  zpl?: () => Promise<Blob>;
  /** The buttons' texts and the failure toast's title, in the caller's namespace. */
  texts: { print: string; pdf: string; zpl?: string; failed: string };
  /** More buttons after the label's (a drawer's "Done"). */
  children?: ReactNode;
}

/**
 * A guide's 4×6 label: opened in a new tab to print (the browser's PDF viewer prints it),
 * downloaded as PDF, or as ZPL when offered. The guide's page and the staff dispatch use it.
 */
export function LabelButtons({ fileBase, pdf, zpl, texts, children }: LabelButtonsProps) {
  const [busy, setBusy] = useState<Action | null>(null);

  const run = async (action: Action) => {
    setBusy(action);
    try {
      if (action === 'print') await openFile(pdf, `${fileBase}.pdf`);
      else if (action === 'pdf') saveFile(await pdf(), `${fileBase}.pdf`);
      else if (zpl) saveFile(await zpl(), `${fileBase}.zpl`);
    } catch (error) {
      notifications.show({ color: 'red', title: texts.failed, message: messageOf(error) });
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
        {texts.print}
      </Button>
      <Button
        variant="light"
        leftSection={<IconDownload size={18} />}
        loading={busy === 'pdf'}
        onClick={() => void run('pdf')}
      >
        {texts.pdf}
      </Button>
      {zpl && (
        <Button
          variant="light"
          leftSection={<IconFileCode size={18} />}
          loading={busy === 'zpl'}
          onClick={() => void run('zpl')}
        >
          {texts.zpl}
        </Button>
      )}
      {children}
    </Group>
  );
}
