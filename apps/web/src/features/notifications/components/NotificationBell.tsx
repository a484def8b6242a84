import {
  ActionIcon,
  Anchor,
  Button,
  Divider,
  Group,
  Indicator,
  Loader,
  Popover,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { NotificationKindBadge } from '../../../ui/NotificationKindBadge';
import { memberBellSource, type BellSource } from '../api';

/**
 * The header's bell: the unread count, and the newest notifications in a popover (a dialog of
 * links and buttons, not a menu: its items are not menu items). The merchant's reads their
 * centre; the staff console's (`source`), the staff member's own notices.
 */
export function NotificationBell({ source = memberBellSource }: { source?: BellSource }) {
  const { t } = useTranslation('notifications');
  const [opened, setOpened] = useState(false);
  const unread = source.useUnreadCount().data?.unread ?? 0;
  return (
    <Popover position="bottom-end" width={340} opened={opened} onChange={setOpened} shadow="md">
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={t('bell.label', { count: unread })}
          onClick={() => setOpened((open) => !open)}
        >
          <Indicator
            label={unread > 99 ? '99+' : unread}
            size={16}
            color="red.8"
            disabled={unread === 0}
            offset={2}
          >
            <IconBell size={22} aria-hidden />
          </Indicator>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p="xs" aria-label={t('bell.latest')}>
        <Text fz="xs" fw={600} c="dimmed" px="xs" pb={4}>
          {t('bell.latest')}
        </Text>
        {opened && <Latest source={source} onOpen={() => setOpened(false)} />}
        <Divider my={4} />
        <Group justify="center" p={4}>
          {source.allPath ? (
            <Anchor component={Link} to={source.allPath} fz="sm" onClick={() => setOpened(false)}>
              {t('bell.all')}
            </Anchor>
          ) : (
            <MarkAllRead source={source} disabled={unread === 0} />
          )}
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}

function MarkAllRead({ source, disabled }: { source: BellSource; disabled: boolean }) {
  const { t } = useTranslation('notifications');
  const markAll = source.useMarkAllRead();
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      disabled={disabled}
      loading={markAll.isPending}
      onClick={() => markAll.mutate()}
    >
      {t('markAllRead')}
    </Button>
  );
}

/** Asked only while the dropdown is open: the bell itself needs the count alone. */
function Latest({ source, onOpen }: { source: BellSource; onOpen: () => void }) {
  const { t } = useTranslation('notifications');
  const list = source.useLatest();
  const markRead = source.useMarkRead();
  const navigate = useNavigate();
  if (list.isPending) return <Loader size="sm" m="sm" aria-label={t('loading')} />;
  const items = list.data?.data ?? [];
  if (items.length === 0) {
    return (
      <Text fz="sm" c="dimmed" p="sm">
        {t('empty')}
      </Text>
    );
  }
  return (
    <Stack component="ul" gap={0} m={0} p={0}>
      {items.map((notification) => (
        <li key={notification.id} style={{ listStyle: 'none' }}>
          <UnstyledButton
            w="100%"
            p="xs"
            onClick={() => {
              if (!notification.read) markRead.mutate(notification.id);
              onOpen();
              const target = notification.link ?? source.allPath;
              if (target) void navigate(target);
            }}
          >
            <Group gap="xs" mb={2}>
              <NotificationKindBadge
                kind={notification.kind}
                label={t(`kinds.${notification.kind}`)}
              />
              {!notification.read && (
                <Text fz="xs" c="red.8" fw={700}>
                  {t('unread')}
                </Text>
              )}
            </Group>
            <Text fz="sm" fw={notification.read ? 500 : 700} lineClamp={1}>
              {notification.title}
            </Text>
            <Text fz="xs" c="dimmed" lineClamp={2}>
              {notification.body}
            </Text>
          </UnstyledButton>
        </li>
      ))}
    </Stack>
  );
}
