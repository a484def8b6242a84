import { API_KEY_ROTATION_GRACE_HOURS, type ApiKeySecret, type ApiKeyView } from '@despacho/domain';
import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../lib/dates';
import { messageOf } from '../../../lib/server-errors';
import { useRotateApiKey } from '../api';
import { SecretOnce } from './SecretOnce';

/**
 * Rotates a key after asking: the new secret once, and until when the one it replaces keeps
 * working (the server's answer, 24 hours after).
 */
export function RotateKeyDialog({ apiKey, onClose }: { apiKey: ApiKeyView | null; onClose: () => void }) {
  const { t } = useTranslation('developers');
  const dates = useDateFormat();
  const rotate = useRotateApiKey();
  const [rotated, setRotated] = useState<ApiKeySecret | null>(null);
  const close = () => {
    setRotated(null);
    rotate.reset();
    onClose();
  };
  const until = rotated?.key.previous_secret_valid_until;

  return (
    <Modal
      opened={apiKey !== null}
      onClose={close}
      title={t('keys.rotate.title', { name: apiKey?.name ?? '' })}
      size="lg"
    >
      {apiKey !== null &&
        (rotated ? (
          <SecretOnce label={t('keys.rotate.newSecret')} secret={rotated.secret} onDone={close}>
            <Alert color="blue" variant="light">
              {until
                ? t('keys.rotate.oldUntil', { until: dates.dateTimeWithZone(until) })
                : t('keys.rotate.oldGone')}
            </Alert>
          </SecretOnce>
        ) : (
          <>
            <Text fz="sm">
              {t('keys.rotate.text', { hours: API_KEY_ROTATION_GRACE_HOURS })}
            </Text>
            {rotate.isError && (
              <Alert color="red" variant="light" mt="md">
                {messageOf(rotate.error)}
              </Alert>
            )}
            <Group justify="flex-end" mt="lg">
              <Button variant="default" onClick={close}>
                {t('actions.cancel')}
              </Button>
              <Button
                loading={rotate.isPending}
                onClick={() => rotate.mutate(apiKey.id, { onSuccess: setRotated })}
              >
                {t('keys.rotate.confirm')}
              </Button>
            </Group>
          </>
        ))}
    </Modal>
  );
}
