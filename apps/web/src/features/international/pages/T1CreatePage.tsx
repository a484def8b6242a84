import { Tabs } from '@mantine/core';
import { IconList, IconWorldUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../ui/PageHeader';
import { T1ShipmentsList } from '../components/T1ShipmentsList';
import { T1Wizard } from '../components/wizard/T1Wizard';

type View = 'new' | 'list';

/**
 * `crear-envio/T1`, the menu's "create international shipment (T1)": the wizard, and beside it
 * (`?view=list`) the shipments already bought, so past ones are one click from the menu.
 */
export function T1CreatePage() {
  const { t } = useTranslation('international');
  const { t: nav } = useTranslation('navigation');
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'list' ? 'list' : 'new';
  return (
    <>
      <PageHeader
        title={nav('screens.createT1.title')}
        breadcrumbs={[
          { label: nav('modules.international_trade') },
          { label: nav('screens.createT1.title') },
        ]}
        subtitle={t('wizard.subtitle')}
      />
      <Tabs
        value={view}
        onChange={(value) => setParams(value === 'list' ? { view: 'list' } : {})}
        keepMounted={false}
        mb="md"
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="new" leftSection={<IconWorldUpload size={16} />}>
            {t('tabs.new')}
          </Tabs.Tab>
          <Tabs.Tab value="list" leftSection={<IconList size={16} />}>
            {t('tabs.list')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="new">
          <T1Wizard />
        </Tabs.Panel>
        <Tabs.Panel value="list">
          <T1ShipmentsList />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
