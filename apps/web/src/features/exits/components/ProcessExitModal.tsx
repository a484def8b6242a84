import { exitProcessSchema, type ExitView } from '@despacho/domain';
import { Alert, Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/http';
import { messageOf } from '../../../lib/server-errors';
import { exitsApi, useRefreshExits } from '../api';
import { quantityError, type TypedQuantity } from './quantity-error';

/** A line's new quantity, as the shared schema checks it (0 drops the line). */
const processQuantity = exitProcessSchema.shape.quantities.unwrap().element.shape.quantity;

type Short = { variant_id: string; available: number };

/**
 * Sends a created exit to the warehouse. Each line's quantity may be changed first; a line at
 * 0 is dropped. When the warehouse cannot cover a line (spec §5), the refusal says what is
 * available of each, so the merchant removes it or sets it to 0 and sends again.
 */
export function ProcessExitModal({
  exit,
  onClose,
}: {
  exit: ExitView | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('exits');
  const refresh = useRefreshExits();
  const [quantities, setQuantities] = useState<Record<string, TypedQuantity>>({});
  const [short, setShort] = useState<Short[]>([]);
  const close = () => {
    setQuantities({});
    setShort([]);
    onClose();
  };
  // Lowered only: a quantity above what the exit asked for is an error on its field.
  const lineError = (line: ExitView['lines'][number]) =>
    quantityError(processQuantity, quantities[line.variant_id] ?? line.quantity, {
      max: line.quantity,
      message: t('process.atMost', { count: line.quantity }),
    });
  const send = useMutation({
    mutationFn: (target: ExitView) =>
      exitsApi.process(
        target.id,
        Object.entries(quantities).map(([variant_id, quantity]) => ({
          variant_id,
          quantity: Number(quantity),
        })),
      ),
    onSuccess: async (processed) => {
      notifications.show({
        color: 'teal',
        message: t('done.processing', { number: processed.number }),
      });
      await refresh();
      close();
    },
    onError: (error) => {
      const lines = error instanceof ApiError ? (error.details.lines as Short[] | undefined) : [];
      setShort(lines ?? []);
      if (!lines?.length) notifications.show({ color: 'red', message: messageOf(error) });
    },
  });

  return (
    <Modal
      opened={exit !== null}
      onClose={close}
      title={t('process.title', { number: exit?.number })}
    >
      {exit && (
        <Stack gap="md">
          <Text fz="sm">{t('process.text')}</Text>
          {short.length > 0 && <Alert color="red">{t('process.short')}</Alert>}
          {exit.lines.map((line) => {
            const missing = short.find((s) => s.variant_id === line.variant_id);
            return (
              <NumberInput
                key={line.variant_id}
                label={[line.sku, line.product_name].filter(Boolean).join(' · ')}
                error={
                  lineError(line) ??
                  (missing ? t('process.available', { count: missing.available }) : undefined)
                }
                value={quantities[line.variant_id] ?? line.quantity}
                min={0}
                max={line.quantity}
                allowDecimal={false}
                onChange={(value) => setQuantities((all) => ({ ...all, [line.variant_id]: value }))}
              />
            );
          })}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('create.cancel')}
            </Button>
            <Button
              loading={send.isPending}
              disabled={exit.lines.some((line) => lineError(line) !== undefined)}
              onClick={() => send.mutate(exit)}
            >
              {t('actions.process')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
