import { Alert, Stack, Text } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_KIND_LOOK } from '../../../ui/NotificationKindBadge';
import { useCurrentNews } from '../api';

/** The news staff publish (kind NEWS) while their dates hold; nothing when there is none. */
export function NewsPanel() {
  const { t } = useTranslation('dashboard');
  const news = useCurrentNews().data ?? [];
  if (news.length === 0) return null;
  return (
    <Stack component="section" gap="xs" aria-label={t('news.title')}>
      {news.map((item) => (
        <Alert
          key={item.id}
          color={NOTIFICATION_KIND_LOOK.NEWS.color}
          radius="lg"
          icon={<IconSpeakerphone aria-hidden />}
          title={`${t('notifications.kinds.NEWS')}: ${item.title}`}
        >
          <Text fz="sm" style={{ whiteSpace: 'pre-line' }}>
            {item.body}
          </Text>
        </Alert>
      ))}
    </Stack>
  );
}
