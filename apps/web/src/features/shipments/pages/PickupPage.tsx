import {
  formatMoney,
  hasPermission,
  type PickupView,
  type ShipmentSummary,
} from '@despacho/domain';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconInfoCircle, IconList } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { messageOf } from '../../../lib/server-errors';
import { useSession } from '../../../lib/useSession';
import { PageHeader } from '../../../ui/PageHeader';
import { PagedList } from '../../../ui/PagedList';
import { refreshShipmentLists, useShipments } from '../api';
import type { PickupChange } from '../components/PickupActions';
import { PickupScheduler } from '../components/PickupScheduler';
import { PickupsTable } from '../components/PickupsTable';
import { formatKg } from '../format';
import { useDateFormat } from '../../../lib/dates';
import { SHIPMENTS_PATH, shipmentPath } from '../paths';
import { pickupsApi, pickupsKeys, usePickups } from '../pickups-api';

/** Guides waiting for a pickup, read at once (the API's largest page). */
const PENDING_QUERY = { tab: 'pickup_pending', page: 1, pageSize: 100 } as const;

interface GuideGroup {
  key: string;
  carrier: ShipmentSummary['carrier_key'];
  carrierName: string;
  locationId: string;
  originName: string;
  originZip: string;
  guides: ShipmentSummary[];
}

/** One pickup collects one carrier's guides at one origin: the guides go in those groups. */
function groupGuides(guides: ShipmentSummary[]): GuideGroup[] {
  const groups = new Map<string, GuideGroup>();
  for (const guide of guides) {
    // A guide from a platform warehouse is collected there, never by a merchant's pickup.
    if (guide.location_id === null) continue;
    const key = `${guide.carrier_key}|${guide.location_id}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        key,
        carrier: guide.carrier_key,
        carrierName: guide.carrier_name,
        locationId: guide.location_id,
        originName: guide.origin_name,
        originZip: guide.origin_zip,
        guides: [],
      };
      groups.set(key, group);
    }
    group.guides.push(guide);
  }
  return [...groups.values()];
}

/**
 * `pickup`: the guides not yet collected and without a pickup, by carrier and origin; choosing
 * some of one group, a business day and a window books the pickup and shows the carrier's
 * confirmation. Below, every pickup requested, which can be cancelled or rescheduled until its
 * day's cut-off.
 */
export function PickupPage() {
  const { t } = useTranslation('shipments');
  const { t: nav } = useTranslation('navigation');
  const dates = useDateFormat();
  const queryClient = useQueryClient();
  const permissions = useSession()?.user.permissions ?? [];
  const pending = useShipments(PENDING_QUERY);
  const [page, setPage] = useState(1);
  const pickups = usePickups(page);
  const [selection, setSelection] = useState<{ group: string; ids: ReadonlySet<string> } | null>(
    null,
  );
  // The last change made here, told until dismissed; a refused cancellation's message.
  const [done, setDone] = useState<{ change: PickupChange | 'booked'; pickup: PickupView } | null>(
    null,
  );
  const [refused, setRefused] = useState<string | null>(null);

  const groups = groupGuides(pending.data?.data ?? []);
  const chosenGroup = groups.find((group) => group.key === selection?.group);
  const chosenIds = chosenGroup
    ? chosenGroup.guides.filter((guide) => selection?.ids.has(guide.id)).map((guide) => guide.id)
    : [];

  /** Choosing guides of another carrier or origin starts a new selection there. */
  const select = (group: GuideGroup, ids: string[], checked: boolean) => {
    setDone(null);
    setSelection((current) => {
      const next = new Set(current?.group === group.key ? current.ids : []);
      for (const id of ids) {
        if (checked) next.add(id);
        else next.delete(id);
      }
      return next.size > 0 ? { group: group.key, ids: next } : null;
    });
  };

  // A new pickup takes guides from the pending ones; a cancelled one gives them back.
  const onChanged = async (pickup: PickupView, change: PickupChange | 'booked') => {
    setDone({ change, pickup });
    setRefused(null);
    if (change === 'booked') setSelection(null);
    await Promise.all([
      refreshShipmentLists(queryClient),
      queryClient.invalidateQueries({ queryKey: pickupsKeys.list() }),
    ]);
  };

  return (
    <>
      <PageHeader
        title={nav('screens.pickup.title')}
        breadcrumbs={[{ label: nav('modules.shipments') }, { label: nav('screens.pickup.title') }]}
        action={
          hasPermission(permissions, 'shipments.create_shipment') && (
            <Button
              component={Link}
              to={SHIPMENTS_PATH}
              variant="default"
              leftSection={<IconList size={18} />}
            >
              {t('pickup.myShipments')}
            </Button>
          )
        }
        subtitle={t('pickup.subtitle')}
      />

      <Stack gap="lg">
        {done && (
          <Alert
            color="teal"
            icon={<IconCircleCheck size={18} />}
            title={t(`pickup.${done.change}.title`)}
            withCloseButton
            closeButtonLabel={t('pickup.dismiss')}
            onClose={() => setDone(null)}
          >
            {t(`pickup.${done.change}.text`, {
              confirmation: done.pickup.confirmation_number,
              carrier: done.pickup.carrier_name,
              date: dates.day(done.pickup.date),
              start: done.pickup.start,
              end: done.pickup.end,
            })}
          </Alert>
        )}
        {refused && (
          <Alert
            color="red"
            icon={<IconInfoCircle size={18} />}
            title={t('pickup.refusedTitle')}
            withCloseButton
            closeButtonLabel={t('pickup.dismiss')}
            onClose={() => setRefused(null)}
          >
            {refused}
          </Alert>
        )}

        <Paper
          withBorder
          radius="lg"
          p="md"
          component="section"
          aria-label={t('pickup.pending.title')}
        >
          <Title order={2} fz="lg" mb="xs">
            {t('pickup.pending.title')}
          </Title>
          <Text fz="sm" c="dimmed" mb="md">
            {t('pickup.pending.text')}
          </Text>
          {pending.isPending ? (
            <Skeleton h={160} />
          ) : pending.isError ? (
            <Alert color="red">{messageOf(pending.error)}</Alert>
          ) : groups.length === 0 ? (
            <Text c="dimmed" ta="center" py="lg">
              {t('pickup.pending.empty')}
            </Text>
          ) : (
            <Stack gap="md">
              {pending.data.meta.total > pending.data.data.length && (
                <Text fz="sm" c="dimmed">
                  {t('pickup.pending.more', {
                    shown: pending.data.data.length,
                    total: pending.data.meta.total,
                  })}
                </Text>
              )}
              {groups.map((group) => {
                const active = group.key === selection?.group;
                const ids = group.guides.map((guide) => guide.id);
                const chosenHere = active ? chosenIds.length : 0;
                const origin = t('pickup.pending.origin', {
                  name: group.originName,
                  zip: group.originZip,
                });
                const heading = t('pickup.pending.group', { carrier: group.carrierName, origin });
                return (
                  <Paper
                    key={group.key}
                    withBorder
                    radius="md"
                    p="md"
                    component="section"
                    aria-label={heading}
                    style={active ? { borderColor: 'var(--mantine-primary-color-filled)' } : {}}
                  >
                    <Group justify="space-between" mb="xs" wrap="wrap">
                      <div>
                        <Text fw={700}>{group.carrierName}</Text>
                        <Text fz="sm" c="dimmed">
                          {origin}
                        </Text>
                      </div>
                      <Text fz="sm" c="dimmed">
                        {t('pickup.pending.count', { count: group.guides.length })}
                      </Text>
                    </Group>
                    <Table.ScrollContainer minWidth={640}>
                      <Table verticalSpacing="xs" fz="sm" aria-label={heading}>
                        <Table.Thead>
                          <Table.Tr>
                            <Table.Th w={40}>
                              <Checkbox
                                aria-label={t('pickup.pending.selectAll', {
                                  carrier: group.carrierName,
                                })}
                                checked={chosenHere === ids.length}
                                indeterminate={chosenHere > 0 && chosenHere < ids.length}
                                onChange={(event) =>
                                  select(group, ids, event.currentTarget.checked)
                                }
                              />
                            </Table.Th>
                            <Table.Th>{t('list.table.tracking')}</Table.Th>
                            <Table.Th>{t('list.table.service')}</Table.Th>
                            <Table.Th>{t('list.table.destination')}</Table.Th>
                            <Table.Th ta="right">{t('list.table.weight')}</Table.Th>
                            <Table.Th ta="right">{t('list.table.cost')}</Table.Th>
                            <Table.Th>{t('list.table.date')}</Table.Th>
                          </Table.Tr>
                        </Table.Thead>
                        <Table.Tbody>
                          {group.guides.map((guide) => {
                            const name = guide.tracking_number ?? t('list.table.noTracking');
                            return (
                              <Table.Tr key={guide.id}>
                                <Table.Td>
                                  <Checkbox
                                    aria-label={t('list.table.select', { tracking: name })}
                                    checked={active && (selection?.ids.has(guide.id) ?? false)}
                                    onChange={(event) =>
                                      select(group, [guide.id], event.currentTarget.checked)
                                    }
                                  />
                                </Table.Td>
                                <Table.Td>
                                  <Anchor
                                    component={Link}
                                    to={shipmentPath(guide.id)}
                                    fz="sm"
                                    ff="monospace"
                                  >
                                    {name}
                                  </Anchor>
                                </Table.Td>
                                <Table.Td>{guide.service_name}</Table.Td>
                                <Table.Td>
                                  {`${guide.destination_name} · ${guide.destination_zip}`}
                                </Table.Td>
                                <Table.Td ta="right">{formatKg(guide.billable_weight_kg)}</Table.Td>
                                <Table.Td ta="right">{formatMoney(guide.cost)}</Table.Td>
                                <Table.Td>{dates.date(guide.created_at)}</Table.Td>
                              </Table.Tr>
                            );
                          })}
                        </Table.Tbody>
                      </Table>
                    </Table.ScrollContainer>
                    {active && chosenIds.length > 0 && (
                      <Paper bg="var(--mantine-color-gray-0)" radius="md" p="md" mt="md">
                        <Title order={3} fz="md" mb="sm">
                          {t('pickup.schedule.title', { carrier: group.carrierName })}
                        </Title>
                        <PickupScheduler
                          key={group.key}
                          carrier={group.carrier}
                          locationId={group.locationId}
                          submitLabel={t('pickup.schedule.submit', { count: chosenIds.length })}
                          submit={(slot) => pickupsApi.create({ shipment_ids: chosenIds, ...slot })}
                          onBooked={(pickup) => void onChanged(pickup, 'booked')}
                        />
                      </Paper>
                    )}
                  </Paper>
                );
              })}
            </Stack>
          )}
        </Paper>

        <Paper
          withBorder
          radius="lg"
          p="md"
          component="section"
          aria-label={t('pickup.list.title')}
        >
          <Title order={2} fz="lg" mb="md">
            {t('pickup.list.title')}
          </Title>
          <PagedList
            query={pickups}
            empty={t('pickup.list.empty')}
            page={page}
            onPageChange={setPage}
            pagesLabel={t('pickup.list.pages')}
            loadingHeight={120}
          >
            {(rows) => (
              <PickupsTable
                rows={rows}
                onChanged={(pickup, change) => void onChanged(pickup, change)}
                onRefused={(message) => {
                  setDone(null);
                  setRefused(message);
                }}
              />
            )}
          </PagedList>
        </Paper>
      </Stack>
    </>
  );
}
