import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../lib/useSession';
import { PageHeader } from '../../../ui/PageHeader';
import { ConsultantChat } from '../components/ConsultantChat';
import { FirstStepsChecklist } from '../components/FirstStepsChecklist';
import { NewsPanel } from '../components/NewsPanel';
import { NotificationsPanel } from '../components/NotificationsPanel';
import { ShopPolicyNotice } from '../components/ShopPolicyNotice';
import { SummaryFigures } from '../components/SummaryFigures';
import { VerificationReminder } from '../components/VerificationReminder';

/** The merchant's home: figures, notices, notifications and the consultant chat. */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const name = useSession()?.user.name;
  // `?chat=open` keeps the chat window open across reloads and lets notifications link to it.
  const [params, setParams] = useSearchParams();
  const setChatOpen = (open: boolean) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (open) next.set('chat', 'open');
      else next.delete('chat');
      return next;
    });

  return (
    <>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <PageHeader title={name ? t('greeting', { name }) : t('greetingFallback')} />
          <Text c="dimmed" mt={-12} mb="lg">
            {t('subtitle')}
          </Text>
        </div>
        <Button onClick={() => setChatOpen(true)}>{t('chat.open')}</Button>
      </Group>
      <Stack gap="lg">
        <VerificationReminder />
        <FirstStepsChecklist />
        <ShopPolicyNotice />
        <NewsPanel />
        <SummaryFigures />
        <NotificationsPanel />
      </Stack>
      <ConsultantChat opened={params.get('chat') === 'open'} onClose={() => setChatOpen(false)} />
    </>
  );
}
