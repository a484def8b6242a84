import type { OrganizationUser } from '@despacho/domain';
import { Button, Group, Modal, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../lib/server-errors';
import { lockMessage } from '../actor';
import { useSetUserStatus } from '../api';
import { WithReason } from './WithReason';

/**
 * Activates or deactivates a user after a confirmation. Disabled, with the reason in a tooltip,
 * for the signed-in user themselves, the last owner, and users the actor may not change.
 */
export function StatusToggle({ user, name }: { user: OrganizationUser; name: string }) {
  const { t } = useTranslation('users');
  const [confirming, setConfirming] = useState(false);
  const setStatus = useSetUserStatus();
  const active = user.status === 'active';
  const next = active ? 'inactive' : 'active';
  const reason = lockMessage(user.locks.status);
  const verb = active ? 'deactivate' : 'activate';

  const confirm = () =>
    setStatus.mutate(
      { id: user.id, status: next },
      {
        onSuccess: () => {
          setConfirming(false);
          notifications.show({ color: 'teal', message: t(`status.${verb}d`, { name }) });
        },
        onError: (error) => {
          setConfirming(false);
          notifications.show({ color: 'red', message: messageOf(error) });
        },
      },
    );

  return (
    <>
      <WithReason reason={reason}>
        <Switch
          checked={active}
          disabled={reason !== null}
          onChange={() => setConfirming(true)}
          aria-label={t('status.toggle', { name })}
          label={t(`statuses.${user.status}`)}
        />
      </WithReason>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t(`status.${verb}Title`, { name })}
      >
        <Text fz="sm">{t(`status.${verb}Text`, { name })}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t('actions.cancel')}
          </Button>
          <Button color={active ? 'red' : 'teal'} loading={setStatus.isPending} onClick={confirm}>
            {t(`status.${verb}`)}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
