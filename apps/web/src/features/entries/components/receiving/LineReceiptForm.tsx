import { ENTRY_RULES, RECEIPT_DISPOSITIONS, type ReceiptData } from '@despacho/domain';
import { Button, Group, NumberInput, Select, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newIdempotencyKey } from '../../../../lib/idempotency';
import { messageOf } from '../../../../lib/server-errors';
import type { useReceivingActions } from '../../receiving-api';

type Disposition = (typeof RECEIPT_DISPOSITIONS)[number];

/**
 * A count: for one line (`lineId`) or, without it, by a scanned barcode or SKU. Its
 * Idempotency-Key is made once per count and kept across retries, so a double submit counts once.
 */
export function LineReceiptForm({
  lineId,
  actions,
}: {
  lineId?: string;
  actions: ReturnType<typeof useReceivingActions>;
}) {
  const { t } = useTranslation('entries');
  const [key, setKey] = useState(newIdempotencyKey);
  const [count, setCount] = useState<number | string>(1);
  const [code, setCode] = useState('');
  const [disposition, setDisposition] = useState<Disposition>('accepted');
  const valid =
    typeof count === 'number' && count >= 1 && (lineId !== undefined || code.trim() !== '');

  const submit = () => {
    if (!valid) return;
    const body: ReceiptData = lineId
      ? { line_id: lineId, count, disposition }
      : { code: code.trim(), count, disposition };
    actions.receive.mutate(
      { body, key },
      {
        onSuccess: (result) => {
          setKey(newIdempotencyKey());
          setCode('');
          notifications.show({
            color: 'teal',
            message: result.replayed ? t('receiving.replayed') : t('receiving.received'),
          });
        },
        onError: (error) => notifications.show({ color: 'red', message: messageOf(error) }),
      },
    );
  };

  return (
    <Group
      component="form"
      align="flex-end"
      gap="sm"
      wrap="wrap"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {!lineId && (
        <TextInput
          label={t('receiving.scan')}
          placeholder={t('receiving.scanPlaceholder')}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          flex="1 1 220px"
        />
      )}
      <NumberInput
        label={t('receiving.count')}
        min={1}
        max={ENTRY_RULES.maxQuantity}
        allowDecimal={false}
        value={count}
        onChange={setCount}
        w={120}
      />
      <Select
        label={t('receiving.disposition')}
        data={RECEIPT_DISPOSITIONS.map((value) => ({
          value,
          label: t(`receiving.dispositions.${value}`),
        }))}
        value={disposition}
        onChange={(value) => setDisposition((value as Disposition | null) ?? 'accepted')}
        allowDeselect={false}
        w={260}
      />
      <Button type="submit" loading={actions.receive.isPending} disabled={!valid}>
        {t('receiving.receive')}
      </Button>
    </Group>
  );
}
