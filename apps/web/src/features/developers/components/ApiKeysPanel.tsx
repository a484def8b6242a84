import { API_KEY_ROTATION_GRACE_HOURS, type ApiKeyView } from '@despacho/domain';
import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../lib/server-errors';
import { ConfirmDeleteModal } from '../../../ui/ConfirmDeleteModal';
import { PagedList } from '../../../ui/PagedList';
import { useApiKeys, useRevokeApiKey, useRotateApiKey } from '../api';
import { ApiKeysTable } from './ApiKeysTable';
import { CreateKeyDialog } from './CreateKeyDialog';
import { RotateDialog } from './RotateDialog';

/** The keys tab: what keys are for, the create button, the list with rotate and revoke. */
export function ApiKeysPanel() {
  const { t } = useTranslation('developers');
  const [page, setPage] = useState(1);
  const keys = useApiKeys(page);
  const revoke = useRevokeApiKey();
  const rotate = useRotateApiKey();
  const [creating, setCreating] = useState(false);
  const [rotating, setRotating] = useState<ApiKeyView | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Text c="dimmed" fz="sm" maw={640}>
          {t('keys.intro')}
        </Text>
        <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)}>
          {t('keys.create.open')}
        </Button>
      </Group>
      <PagedList
        query={keys}
        empty={t('keys.empty')}
        page={page}
        onPageChange={setPage}
        pagesLabel={t('keys.pages')}
      >
        {(rows) => <ApiKeysTable rows={rows} onRotate={setRotating} onRevoke={setRevoking} />}
      </PagedList>
      <CreateKeyDialog opened={creating} onClose={() => setCreating(false)} />
      <RotateDialog
        subject={rotating}
        onClose={() => setRotating(null)}
        rotate={rotate.mutateAsync}
        texts={{
          title: t('keys.rotate.title', { name: rotating?.name ?? '' }),
          text: t('keys.rotate.text', { hours: API_KEY_ROTATION_GRACE_HOURS }),
          confirm: t('keys.rotate.confirm'),
          secretLabel: t('keys.rotate.newSecret'),
        }}
      />
      <ConfirmDeleteModal
        item={revoking}
        onClose={() => setRevoking(null)}
        title={t('keys.revoke.title')}
        text={(key) => t('keys.revoke.text', { name: key.name, prefix: key.prefix })}
        cancelLabel={t('actions.cancel')}
        confirmLabel={t('keys.revoke.confirm')}
        busy={revoke.isPending}
        onConfirm={(key) =>
          revoke.mutate(key.id, {
            onSuccess: () => {
              setRevoking(null);
              notifications.show({
                color: 'green',
                message: t('keys.revoke.done', { name: key.name }),
              });
            },
            onError: (error) => notifications.show({ color: 'red', message: messageOf(error) }),
          })
        }
      />
    </Stack>
  );
}
