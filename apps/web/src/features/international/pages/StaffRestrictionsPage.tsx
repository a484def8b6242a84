import {
  restrictionInputSchema,
  T1_RESTRICTION_AUTHORITIES,
  type RestrictionInput,
  type RestrictionView,
} from '@despacho/domain';
import { Button, Checkbox, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCalendarOff, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../lib/dates';
import { formatCode } from '../../../lib/tariff-code';
import { DataTable } from '../../../ui/DataTable';
import { EntityDrawer } from '../../../ui/EntityDrawer';
import { PagedList } from '../../../ui/PagedList';
import { PageHeader } from '../../../ui/PageHeader';
import { RowActions } from '../../../ui/RowActions';
import { canEnd, EffectiveDates } from '../components/staff/EffectiveDates';
import { EndValidityDialog } from '../components/staff/EndValidityDialog';
import { RestrictionForm } from '../components/staff/RestrictionForm';
import {
  STAFF_TABLE_PAGE_SIZE,
  staffInternationalApi,
  useRestrictions,
  useSaveRow,
} from '../staff-api';

/** A restriction as its form takes it, to save it again with a last day. */
const restrictionInput = (row: RestrictionView): RestrictionInput => ({
  fraction: row.fraction,
  scope: row.scope,
  authority: row.authority,
  kind: row.kind,
  code: row.code,
  description: row.description,
  source: row.source,
  effective_from: row.effective_from,
  effective_to: row.effective_to,
});

/**
 * `/staff/international/restrictions`: the fracciones the courier path refuses (permits, NOMs,
 * quotas) for imports, exports or both, each with its authority, source and effective dates.
 * A T1 line whose fracción has one in force is refused and pointed to an embarque.
 */
export function StaffRestrictionsPage() {
  const { t } = useTranslation('international');
  const dates = useDateFormat();
  const [fraction, setFraction] = useState('');
  const [debounced] = useDebouncedValue(fraction.replace(/\D/g, ''), 300);
  const [authority, setAuthority] = useState<RestrictionView['authority'] | null>(null);
  const [inForce, setInForce] = useState(false);
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [ending, setEnding] = useState<RestrictionView | null>(null);
  const end = useSaveRow(({ id, values }: { id: string; values: RestrictionInput }) =>
    staffInternationalApi.updateRestriction(id, values),
  );
  const restrictions = useRestrictions({
    fraction: debounced || undefined,
    authority: authority ?? undefined,
    on: inForce ? dates.today() : undefined,
    page,
    pageSize: STAFF_TABLE_PAGE_SIZE,
  });

  return (
    <>
      <PageHeader
        title={t('staff.restrictions.title')}
        subtitle={t('staff.restrictions.subtitle')}
        action={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            {t('staff.restrictions.add')}
          </Button>
        }
      />
      <Paper withBorder radius="lg" p="md">
        <Stack gap="md">
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label={t('staff.restrictions.search')}
              placeholder="3004"
              leftSection={<IconSearch size={16} />}
              inputMode="numeric"
              value={fraction}
              onChange={(event) => {
                setFraction(event.currentTarget.value);
                setPage(1);
              }}
              w={220}
            />
            <Select
              label={t('staff.fields.authority')}
              placeholder={t('staff.restrictions.anyAuthority')}
              clearable
              data={T1_RESTRICTION_AUTHORITIES.map((value) => ({
                value,
                label: t(`authorities.${value}`),
              }))}
              value={authority}
              onChange={(value) => {
                setAuthority(value as RestrictionView['authority'] | null);
                setPage(1);
              }}
              w={220}
            />
            <Checkbox
              label={t('staff.inForceToday')}
              checked={inForce}
              onChange={(event) => {
                setInForce(event.currentTarget.checked);
                setPage(1);
              }}
              mb={8}
            />
          </Group>
          <PagedList
            query={restrictions}
            page={page}
            onPageChange={setPage}
            pagesLabel={t('staff.pages')}
            empty={t('staff.restrictions.empty')}
          >
            {(rows) => (
              <DataTable<RestrictionView>
                rows={rows}
                rowKey={(row) => row.id}
                label={t('staff.restrictions.title')}
                minWidth={1000}
                cardsBelow="xs"
                columns={[
                  {
                    key: 'fraction',
                    header: t('staff.fields.fraction'),
                    cardTitle: true,
                    cell: (row) => (
                      <Text fz="sm" ff="monospace" fw={600}>
                        {formatCode(row.fraction)}
                      </Text>
                    ),
                  },
                  {
                    key: 'restriction',
                    header: t('staff.restrictions.restriction'),
                    cell: (row) => (
                      <Stack gap={2}>
                        <Text fz="sm" fw={600}>
                          {`${t(`authorities.${row.authority}`)} · ${row.code}`}
                        </Text>
                        <Text fz="xs" c="dimmed" lineClamp={2}>
                          {row.description}
                        </Text>
                      </Stack>
                    ),
                  },
                  {
                    key: 'kind',
                    header: t('staff.fields.kind'),
                    cell: (row) => t(`restrictionKinds.${row.kind}`),
                  },
                  {
                    key: 'scope',
                    header: t('staff.fields.scope'),
                    cell: (row) => t(`scopes.${row.scope}`),
                  },
                  {
                    key: 'dates',
                    header: t('staff.validity.title'),
                    cell: (row) => (
                      <EffectiveDates from={row.effective_from} to={row.effective_to} />
                    ),
                  },
                  {
                    key: 'actions',
                    header: t('staff.actions'),
                    hideHeader: true,
                    cell: (row) => (
                      <RowActions
                        actions={[
                          {
                            label: t('staff.end.action', {
                              name: `${formatCode(row.fraction)} ${row.code}`,
                            }),
                            tooltip: t('staff.end.title'),
                            icon: <IconCalendarOff size={18} />,
                            color: 'red',
                            hidden: !canEnd(row.effective_to, dates.today()),
                            onClick: () => setEnding(row),
                          },
                        ]}
                      />
                    ),
                  },
                ]}
              />
            )}
          </PagedList>
        </Stack>
      </Paper>
      <EntityDrawer
        opened={adding}
        onClose={() => setAdding(false)}
        title={t('staff.restrictions.add')}
        closeLabel={t('staff.close')}
      >
        <RestrictionForm onDone={() => setAdding(false)} />
      </EntityDrawer>
      <EndValidityDialog
        schema={restrictionInputSchema}
        row={ending && restrictionInput(ending)}
        summary={
          ending
            ? t('staff.end.restrictionSummary', {
                fraction: formatCode(ending.fraction),
                code: ending.code,
                from: dates.day(ending.effective_from),
              })
            : ''
        }
        save={(values) => end.mutateAsync({ id: ending!.id, values })}
        onClose={() => setEnding(null)}
      />
    </>
  );
}
