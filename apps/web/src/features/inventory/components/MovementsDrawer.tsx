import { STOCK_BUCKETS, type InventoryRow, type MovementView } from '@despacho/domain';
import { Anchor, Badge, Drawer, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDateFormat } from '../../../lib/dates';
import { PagedList } from '../../../ui/PagedList';
import { useMovements } from '../api';
import { variantName } from '../variant-name';

/** The screen of what caused a movement, where one exists. */
const CAUSE_SCREENS: Record<string, (id: string) => string> = {
  entry: (id) => `/app/products/entry-detail/${id}`,
  exit: (id) => `/app/products/outs?exit=${id}`,
  shipment: (id) => `/app/shippings/${id}`,
  // A cancelled label's goods back on hand: the cancelled guide (issue 15).
  shipment_cancellation: (id) => `/app/shippings/${id}`,
};

/** What caused a movement, as text; a link when it has a screen. */
function Cause({ movement }: { movement: MovementView }) {
  const { t } = useTranslation('inventory');
  const { type, id, label } = movement.cause;
  if (type === 'adjustment' || type === 'staff_adjustment') {
    return <Text fz="sm">{t(`movements.causes.${type}`)}</Text>;
  }
  const known = ['entry', 'exit', 'shipment', 'shipment_cancellation'].includes(type);
  // A record's number (an entry's, a guide's tracking) where it has one, else its id.
  const name = label ?? id;
  const text = known
    ? t(`movements.causes.${type}`, { id: name })
    : t('movements.causes.other', { type, id: name });
  const screen = CAUSE_SCREENS[type];
  return screen ? (
    <Anchor component={Link} to={screen(id)} fz="sm">
      {text}
    </Anchor>
  ) : (
    <Text fz="sm">{text}</Text>
  );
}

function MovementCard({ movement }: { movement: MovementView }) {
  const { t } = useTranslation('inventory');
  const dates = useDateFormat();
  const deltas = STOCK_BUCKETS.filter((bucket) => movement[bucket] !== 0);
  return (
    <Paper withBorder radius="md" p="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          <Text fw={600} fz="sm">
            {t(`movements.kinds.${movement.kind}`)}
          </Text>
          <Cause movement={movement} />
          <Text fz="xs" c="dimmed">
            {movement.location.name} · {dates.dateTime(movement.created_at)} ·{' '}
            {movement.actor
              ? t('movements.by', { name: movement.actor.name })
              : t('movements.system')}
          </Text>
          {movement.reason && (
            <Text fz="sm">{t('movements.reason', { reason: movement.reason })}</Text>
          )}
        </Stack>
        <Stack gap={4} align="flex-end">
          {deltas.map((bucket) => (
            <Badge
              key={bucket}
              variant="light"
              color={movement[bucket] > 0 ? 'teal' : 'red'}
              style={{ textTransform: 'none' }}
            >
              {t(`movements.buckets.${bucket}`)} {movement[bucket] > 0 ? '+' : '−'}
              {Math.abs(movement[bucket])}
            </Badge>
          ))}
        </Stack>
      </Group>
    </Paper>
  );
}

/** A variant's movement history, newest first, beside the inventory list. */
export function MovementsDrawer({
  row,
  onClose,
}: {
  row: InventoryRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('inventory');
  return (
    <Drawer
      opened={row !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={
        <Text component="span" fw={700}>
          {t('movements.title')}
          {row ? ` · ${variantName(row)}` : ''}
        </Text>
      }
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      {row && <MovementList key={row.variant_id} variantId={row.variant_id} />}
    </Drawer>
  );
}

function MovementList({ variantId }: { variantId: string }) {
  const { t } = useTranslation('inventory');
  const [page, setPage] = useState(1);
  const movements = useMovements(variantId, page);
  return (
    <PagedList
      query={movements}
      empty={t('movements.empty')}
      page={page}
      onPageChange={setPage}
      pagesLabel={t('movements.pages')}
    >
      {(rows) => (
        <Stack gap="sm">
          {rows.map((movement) => (
            <MovementCard key={movement.id} movement={movement} />
          ))}
        </Stack>
      )}
    </PagedList>
  );
}
