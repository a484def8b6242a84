import { Button, Group, Stack, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../lib/useSession';
import { PageHeader } from '../../../ui/PageHeader';
import { ConsultantChat } from '../components/ConsultantChat';
import { FirstStepsChecklist } from '../components/FirstStepsChecklist';
import { NewsPanel } from '../components/NewsPanel';
import { NotificationsPanel } from '../components/NotificationsPanel';
import { PeriodSwitch } from '../components/PeriodSwitch';
import { ShopPolicyNotice } from '../components/ShopPolicyNotice';
import { SummaryFigures } from '../components/SummaryFigures';
import { VerificationReminder } from '../components/VerificationReminder';
import { useDashboardPeriod } from '../period-param';

// The charts library is heavy: its chunk loads after the first screen.
const DashboardCharts = lazy(() =>
  import('../components/DashboardCharts').then((m) => ({ default: m.DashboardCharts })),
);

/** The merchant's home: figures and charts of a period, notices, notifications and the consultant chat. */
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
  const [period, setPeriod] = useDashboardPeriod();

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
        <PeriodSwitch value={period} onChange={setPeriod} />
        <SummaryFigures />
        <Suspense fallback={null}>
          <DashboardCharts period={period} />
        </Suspense>
        <NotificationsPanel />
      </Stack>
      <ConsultantChat opened={params.get('chat') === 'open'} onClose={() => setChatOpen(false)} />
    </>
  );
}
