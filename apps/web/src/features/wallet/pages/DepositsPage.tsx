import { Alert, Button, Grid, Stack, Tabs, Text } from '@mantine/core';
import { IconArrowBackUp, IconBuildingBank, IconCreditCard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { REDIRECT_PARAM, safeRedirect } from '../../../lib/paths';
import { PageHeader } from '../../../ui/PageHeader';
import { CardDepositPanel } from '../components/CardDepositPanel';
import { DepositsList } from '../components/DepositsList';
import { SpeiAccountCard } from '../components/SpeiAccountCard';
import { SpeiNotifyForm } from '../components/SpeiNotifyForm';

/**
 * `finance/deposits`: top up the prepaid balance by SPEI (the organization's own CLABE, then a
 * notification with the receipt that staff approve) or by card; below, every deposit with its
 * status. Opened from a screen that waits for the money (`?redirect=`, create shipment short of
 * balance), it offers the way back.
 */
export function DepositsPage() {
  const { t } = useTranslation('deposits');
  const { t: nav } = useTranslation('navigation');
  const [params] = useSearchParams();
  const back = safeRedirect(params.get(REDIRECT_PARAM));

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
        {back && (
          <Alert color="blue" variant="light" role="status">
            <Text fz="sm">{t('back.hint')}</Text>
            <Button
              component={Link}
              to={back}
              mt="sm"
              size="xs"
              variant="light"
              leftSection={<IconArrowBackUp size={16} />}
            >
              {t('back.button')}
            </Button>
          </Alert>
        )}
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
