import type { Notification } from '@despacho/domain';
import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDateFormat } from '../lib/dates';
import { NotificationKindBadge } from './NotificationKindBadge';

/** One notification as a list item (the notifications page, the dashboard): kind, date, read mark. */
export function NotificationItem({
  notification: { kind, title, body, link, created_at, read },
  onRead,
}: {
  notification: Notification;
  onRead: () => void;
}) {
  const { t } = useTranslation('notifications');
  const dates = useDateFormat();
  return (
    <Paper component="li" withBorder radius="md" p="sm" style={{ listStyle: 'none' }}>
      <Stack gap={4}>
        {/* The read button beside the kind and date, not beside the text: on a phone the text
            keeps the card's whole width. */}
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap="xs">
            <NotificationKindBadge kind={kind} label={t(`kinds.${kind}`)} />
            {!read && (
              <Text fz="xs" c="red.8" fw={700}>
                {t('unread')}
              </Text>
            )}
            <Text fz="xs" c="dimmed">
              {dates.dateTime(created_at)}
            </Text>
          </Group>
          {!read && (
            <Button
              variant="light"
              size="compact-xs"
              style={{ flexShrink: 0 }}
              onClick={onRead}
              aria-label={t('markReadOf', { title })}
            >
              {t('markRead')}
            </Button>
          )}
        </Group>
        <Text fw={read ? 500 : 700}>{title}</Text>
        <Text fz="sm" c="dimmed">
          {body}
        </Text>
        {link && (
          <Anchor component={Link} to={link} fz="sm" onClick={read ? undefined : onRead}>
            {t('open')}
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}
