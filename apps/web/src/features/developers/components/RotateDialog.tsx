import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../lib/dates';
import { messageOf } from '../../../lib/server-errors';
import { SecretOnce } from './SecretOnce';

/** What a rotation answers: the new secret, and until when the one it replaced still works. */
export interface Rotated {
  secret: string;
  previousUntil: string | null;
}

/**
 * Rotates a key's or an endpoint's secret after asking: then the new secret once, and until when
 * the one it replaces keeps working (the server's answer). Closing forgets the secret.
 */
export function RotateDialog({
  subject,
  onClose,
  texts,
  rotate,
}: {
  /** What is rotated; the dialog is open while there is one. */
  subject: { id: string } | null;
  onClose: () => void;
  texts: { title: string; text: string; confirm: string; secretLabel: string };
  rotate: (id: string) => Promise<Rotated>;
}) {
  const { t } = useTranslation('developers');
  const dates = useDateFormat();
  const mutation = useMutation({ mutationFn: rotate });
  const close = () => {
    mutation.reset();
    onClose();
  };
  const rotated = mutation.data;

  return (
    <Modal opened={subject !== null} onClose={close} title={texts.title} size="lg">
      {subject !== null &&
        (rotated ? (
          <SecretOnce label={texts.secretLabel} secret={rotated.secret} onDone={close}>
            <Alert color="blue" variant="light">
              {rotated.previousUntil
                ? t('rotate.oldUntil', { until: dates.dateTimeWithZone(rotated.previousUntil) })
                : t('rotate.oldGone')}
            </Alert>
          </SecretOnce>
        ) : (
          <>
            <Text fz="sm">{texts.text}</Text>
            {mutation.isError && (
              <Alert color="red" variant="light" mt="md">
                {messageOf(mutation.error)}
              </Alert>
            )}
            <Group justify="flex-end" mt="lg">
              <Button variant="default" onClick={close}>
                {t('actions.cancel')}
              </Button>
              <Button loading={mutation.isPending} onClick={() => mutation.mutate(subject.id)}>
                {texts.confirm}
              </Button>
            </Group>
          </>
        ))}
    </Modal>
  );
}
