import { EMBARQUE_STEPS, MONEY_STATES, type StaffEmbarqueSummary } from '@despacho/domain';
import { Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useListParams } from '../../../lib/useListParams';
import { ListSearchInput } from '../../../ui/ListSearchInput';
import { PagedList } from '../../../ui/PagedList';
import { PageHeader } from '../../../ui/PageHeader';
import { SegmentedFilter } from '../../../ui/SegmentedFilter';
import { CreateEmbarqueForm } from '../components/CreateEmbarqueForm';
import { EmbarquesTable } from '../components/EmbarquesTable';
import { StaffDialog } from '../components/StaffDialog';
import { staffEmbarquePath } from '../paths';
import { STAFF_EMBARQUES_PAGE_SIZE, useStaffEmbarques } from '../staff-api';

const TABS = ['open', 'finished'] as const;

/**
 * `/staff/embarques`: every organization's embarques, the most recently changed first, in
 * progress or finished, by step, money state and a search; staff open a new one for a merchant.
 */
export function StaffEmbarquesPage() {
  const { t } = useTranslation('embarques');
  const navigate = useNavigate();
  const list = useListParams();
  const [creating, setCreating] = useState(false);
  const status = list.choice('status', TABS, 'open');
  const step = list.choice('step', EMBARQUE_STEPS);
  const money = list.choice('money', MONEY_STATES);
  const embarques = useStaffEmbarques({
    status,
    step,
    money_state: money,
    search: list.debouncedSearch || undefined,
    page: list.page,
    pageSize: STAFF_EMBARQUES_PAGE_SIZE,
  });

  return (
    <>
      <PageHeader
        title={t('staff.title')}
        subtitle={t('staff.subtitle')}
        action={
          <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)}>
            {t('staff.create')}
          </Button>
        }
      />
      <Paper withBorder radius="lg" p="md">
        <Stack gap="md">
          <SegmentedFilter
            aria-label={t('list.status')}
            value={status}
            onChange={(value) => list.setParam('status', value === 'open' ? undefined : value)}
            data={TABS.map((value) => ({ value, label: t(`list.statuses.${value}`) }))}
          />
          <Group align="flex-end" wrap="wrap">
            <ListSearchInput
              search={list.search}
              setSearch={list.setSearch}
              setParam={list.setParam}
              label={t('list.search')}
              placeholder={t('list.searchPlaceholder')}
              flex="1 1 260px"
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
            <Select
              label={t('list.money')}
              placeholder={t('list.allStatuses')}
              data={MONEY_STATES.map((value) => ({ value, label: t(`moneyStates.${value}`) }))}
              value={money ?? null}
              onChange={(value) => list.setParam('money', value ?? undefined)}
              clearable
              w={200}
            />
          </Group>
          <PagedList
            query={embarques}
            empty={t('staff.empty')}
            loadingHeight={160}
            page={list.page}
            onPageChange={(page) => list.setParam('page', String(page))}
            pagesLabel={t('staff.pages')}
          >
            {(rows: StaffEmbarqueSummary[]) => (
              <EmbarquesTable
                rows={rows}
                pathOf={(row) => staffEmbarquePath(row.id)}
                before={[
                  {
                    key: 'organization',
                    header: t('staff.organization'),
                    cell: (row) => <Text fz="sm">{row.organization.name}</Text>,
                  },
                ]}
              />
            )}
          </PagedList>
        </Stack>
      </Paper>
      <StaffDialog
        opened={creating}
        onClose={() => setCreating(false)}
        title={t('staff.createTitle')}
      >
        <CreateEmbarqueForm
          onDone={(created) => {
            setCreating(false);
            notifications.show({
              color: 'green',
              message: t('staff.created', { reference: created.reference }),
            });
            void navigate(staffEmbarquePath(created.id));
          }}
        />
      </StaffDialog>
    </>
  );
}
