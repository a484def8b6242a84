import type { StaffExitView } from '@despacho/domain';
import { Alert, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LabelButtons } from '../../../../ui/LabelButtons';
import { dispatchApi } from '../../dispatch-api';

/**
 * The dispatch drawer once the guide is bought: the exit shipped, and its label to print or save
 * before staff close the drawer.
 */
export function DispatchShipped({ exit, onClose }: { exit: StaffExitView; onClose: () => void }) {
  const { t } = useTranslation('exits');
  const tracking = exit.guide?.tracking_number ?? '';

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
      <LabelButtons
        fileBase={`guia-${tracking || exit.number}`}
        pdf={() => dispatchApi.label(exit.id)}
        texts={{
          print: t('dispatch.done.print'),
          pdf: t('dispatch.done.pdf'),
          failed: t('dispatch.done.failed'),
        }}
      >
        <Button variant="default" onClick={onClose}>
          {t('dispatch.done.close')}
        </Button>
      </LabelButtons>
    </Stack>
  );
}
