import { EMBARQUE_STEPS, type EmbarqueSummary } from '@despacho/domain';
import { Select } from '@mantine/core';
import { IconLifebuoy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useListParams } from '../../../lib/useListParams';
import { EmptyListState } from '../../../ui/EmptyListState';
import { ListPage } from '../../../ui/ListPage';
import { EMBARQUES_PAGE_SIZE, useEmbarques } from '../api';
import { EmbarquesTable } from '../components/EmbarquesTable';
import { embarquePath, TICKETS_PATH } from '../paths';

const STATUSES = ['open', 'finished'] as const;

/**
 * `my-shipments`: the organization's embarques, newest first, by status (in progress or
 * finished), step and a search over the reference, pedimento and supplier. Before the first one
 * it says what an embarque is and how to ask for one.
 */
export function EmbarquesPage() {
  const { t } = useTranslation('embarques');
  const { t: nav } = useTranslation('navigation');
  const list = useListParams();
  const status = list.choice('status', STATUSES);
  const step = list.choice('step', EMBARQUE_STEPS);
  const embarques = useEmbarques({
    status,
    step,
    search: list.debouncedSearch || undefined,
    page: list.page,
    pageSize: EMBARQUES_PAGE_SIZE,
  });
  const filtered = Boolean(list.debouncedSearch || status || step);

  return (
    <ListPage
      title={nav('screens.myShipments.title')}
      breadcrumbs={[
        { label: nav('modules.international_trade') },
        { label: nav('screens.myShipments.title') },
      ]}
      subtitle={t('list.subtitle')}
      list={list}
      search={{ label: t('list.search'), placeholder: t('list.searchPlaceholder') }}
      filters={
        <>
          <Select
            label={t('list.status')}
            placeholder={t('list.allStatuses')}
            data={STATUSES.map((value) => ({ value, label: t(`list.statuses.${value}`) }))}
            value={status ?? null}
            onChange={(value) => list.setParam('status', value ?? undefined)}
            clearable
            w={180}
          />
          <Select
            label={t('list.step')}
            placeholder={t('list.allSteps')}
            data={EMBARQUE_STEPS.map((value) => ({ value, label: t(`steps.${value}`) }))}
            value={step ?? null}
            onChange={(value) => list.setParam('step', value ?? undefined)}
            clearable
            w={200}
          />
        </>
      }
      query={embarques}
      empty={
        filtered ? (
          t('list.filteredEmpty')
        ) : (
          <EmptyListState
            title={t('list.emptyTitle')}
            text={t('list.emptyText')}
            action={{
              label: t('list.emptyAction'),
              to: TICKETS_PATH,
              icon: <IconLifebuoy size={18} />,
            }}
          />
        )
      }
      loadingHeight={240}
      pagesLabel={t('list.pages')}
    >
      {(rows: EmbarqueSummary[]) => (
        <EmbarquesTable rows={rows} pathOf={(row) => embarquePath(row.id)} />
      )}
    </ListPage>
  );
}
