import { Grid, Stack, Tabs } from '@mantine/core';
import { IconBuildingBank, IconCreditCard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../ui/PageHeader';
import { CardDepositPanel } from '../components/CardDepositPanel';
import { DepositsList } from '../components/DepositsList';
import { SpeiAccountCard } from '../components/SpeiAccountCard';
import { SpeiNotifyForm } from '../components/SpeiNotifyForm';

/**
 * `finance/deposits`: top up the prepaid balance by SPEI (the organization's own CLABE, then a
 * notification with the receipt that staff approve) or by card; below, every deposit with its
 * status.
 */
export function DepositsPage() {
  const { t } = useTranslation('deposits');
  const { t: nav } = useTranslation('navigation');

  return (
    <>
      <PageHeader
        title={nav('screens.financeDeposits.title')}
        breadcrumbs={[
          { label: nav('modules.finances') },
          { label: nav('screens.financeDeposits.title') },
        ]}
        subtitle={t('subtitle')}
      />
      <Stack gap="lg">
        <Tabs defaultValue="spei" keepMounted={false}>
          <Tabs.List aria-label={t('tabs.label')} mb="md">
            <Tabs.Tab value="spei" leftSection={<IconBuildingBank size={16} />}>
              {t('tabs.spei')}
            </Tabs.Tab>
            <Tabs.Tab value="card" leftSection={<IconCreditCard size={16} />}>
              {t('tabs.card')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="spei">
            <Grid gap="lg">
              <Grid.Col span={{ base: 12, md: 5 }}>
                <SpeiAccountCard />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 7 }}>
                <SpeiNotifyForm />
              </Grid.Col>
            </Grid>
          </Tabs.Panel>
          <Tabs.Panel value="card">
            <CardDepositPanel />
          </Tabs.Panel>
        </Tabs>
        <DepositsList />
      </Stack>
    </>
  );
}
