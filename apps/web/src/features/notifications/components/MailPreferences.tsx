import { NOTIFICATION_KINDS, type NotificationKind } from '@despacho/domain';
import { Alert, Button, Checkbox, Group, Paper, Skeleton, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../lib/server-errors';
import { useMailPreferences, useSetMailPreferences } from '../api';

/** Which kinds the user also receives by mail, in their language. */
export function MailPreferences() {
  const saved = useMailPreferences();
  if (saved.isPending) return <Skeleton h={120} />;
  if (saved.isError) return <Alert color="red">{messageOf(saved.error)}</Alert>;
  // The key starts the form again from what the server holds after a save.
  return <MailPreferencesForm initial={saved.data.mail} key={saved.data.mail.join()} />;
}

function MailPreferencesForm({ initial }: { initial: NotificationKind[] }) {
  const { t } = useTranslation('notifications');
  const [chosen, setChosen] = useState<string[]>(initial);
  const save = useSetMailPreferences();
  const submit = () =>
    save.mutate(chosen as NotificationKind[], {
      onSuccess: () => notifications.show({ color: 'green', message: t('mail.saved') }),
      onError: (error) => notifications.show({ color: 'red', message: messageOf(error) }),
    });
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="mail-title">
      <Title order={2} fz="h4" id="mail-title">
        {t('mail.title')}
      </Title>
      <Text fz="sm" c="dimmed" mb="sm">
        {t('mail.description')}
      </Text>
      <Checkbox.Group value={chosen} onChange={setChosen} label={t('mail.label')}>
        <Group mt="xs">
          {NOTIFICATION_KINDS.map((kind) => (
            <Checkbox key={kind} value={kind} label={t(`kinds.${kind}`)} />
          ))}
        </Group>
      </Checkbox.Group>
      <Button mt="md" size="sm" loading={save.isPending} onClick={submit}>
        {t('mail.save')}
      </Button>
    </Paper>
  );
}
