import type { EntryLineView } from '@despacho/domain';
import { Badge, Button, Group, Image, NumberInput, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newIdempotencyKey } from '../../../../lib/idempotency';
import { messageOf } from '../../../../lib/server-errors';
import { useReceivingPhoto, type useReceivingActions } from '../../receiving-api';
import { LineReceiptForm } from './LineReceiptForm';

function Photo({ entryId, photoId }: { entryId: string; photoId: string }) {
  const { t } = useTranslation('entries');
  const source = useReceivingPhoto(entryId, photoId);
  return <Image src={source} alt={t('detail.photo')} w={72} h={72} radius="sm" fit="cover" />;
}

/** One line as staff work it: counts, a receipt form, moving units in or out of stock, incidents. */
export function ReceivingLineCard({
  entryId,
  line,
  open,
  actions,
}: {
  entryId: string;
  line: EntryLineView;
  open: boolean;
  actions: ReturnType<typeof useReceivingActions>;
}) {
  const { t } = useTranslation('entries');
  const [quantity, setQuantity] = useState<number | string>(1);
  const [key, setKey] = useState(newIdempotencyKey);
  const move = (direction: 'accept' | 'set_apart') => {
    if (typeof quantity !== 'number') return;
    actions.reclassify.mutate(
      { body: { line_id: line.id, quantity, direction }, key },
      {
        onSuccess: () => {
          setKey(newIdempotencyKey());
          notifications.show({ color: 'teal', message: t('receiving.reclassified') });
        },
        onError: (error) => notifications.show({ color: 'red', message: messageOf(error) }),
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <div>
            <Text fw={600}>
              {[line.product_name, line.variant_title].filter(Boolean).join(' — ')}
            </Text>
            <Text fz="xs" c="dimmed" ff="monospace">
              {[line.sku, line.barcode].filter(Boolean).join(' · ')}
            </Text>
          </div>
          <Badge variant="light">{t(`stockStatuses.${line.stock_status}`)}</Badge>
        </Group>
        <Text fz="sm">
          {t('receiving.counts', {
            expected: line.expected,
            received: line.received,
            accepted: line.accepted,
            notSellable: line.not_sellable,
          })}
        </Text>
        {open && <LineReceiptForm lineId={line.id} actions={actions} />}
        {(line.not_sellable > 0 || line.accepted > 0) && (
          <Group align="flex-end" gap="sm" wrap="wrap">
            <NumberInput
              label={t('receiving.moveUnits')}
              min={1}
              allowDecimal={false}
              value={quantity}
              onChange={setQuantity}
              w={160}
            />
            <Button
              variant="light"
              disabled={line.not_sellable === 0}
              loading={actions.reclassify.isPending}
              onClick={() => move('accept')}
            >
              {t('receiving.accept')}
            </Button>
            <Button
              variant="light"
              color="orange"
              disabled={line.accepted === 0}
              loading={actions.reclassify.isPending}
              onClick={() => move('set_apart')}
            >
              {t('receiving.setApart')}
            </Button>
          </Group>
        )}
        {line.incidents.map((incident) => (
          <Paper key={incident.id} withBorder radius="sm" p="sm" bg="var(--mantine-color-gray-0)">
            <Stack gap={6}>
              <Group gap="xs">
                <Badge color="orange" variant="light">
                  {t(`incidentKinds.${incident.kind}`)}
                </Badge>
                {incident.quantity !== null && (
                  <Text fz="sm">{t('detail.quantity', { count: incident.quantity })}</Text>
                )}
                <Badge color={incident.resolved ? 'green' : 'gray'} variant="light">
                  {incident.resolved ? t('detail.resolved') : t('detail.open')}
                </Badge>
              </Group>
              {incident.note && <Text fz="sm">{incident.note}</Text>}
              {incident.photos.length > 0 && (
                <Group gap="xs">
                  {incident.photos.map((photo) => (
                    <Photo key={photo.id} entryId={entryId} photoId={photo.id} />
                  ))}
                </Group>
              )}
              <Text fz="sm">
                <Text span fw={600} fz="sm">
                  {t('receiving.merchantAnswer')}:
                </Text>{' '}
                {incident.answer ?? t('receiving.noAnswer')}
              </Text>
              {!incident.resolved && (
                <Group justify="flex-end">
                  <Button
                    size="xs"
                    variant="light"
                    loading={actions.resolveIncident.isPending}
                    onClick={() =>
                      actions.resolveIncident.mutate(incident.id, {
                        onError: (error) =>
                          notifications.show({ color: 'red', message: messageOf(error) }),
                      })
                    }
                  >
                    {t('receiving.resolve')}
                  </Button>
                </Group>
              )}
            </Stack>
          </Paper>
        ))}
      </Stack>
    </Paper>
  );
}
