import type { OrderLineView } from '@despacho/domain';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVariantPicks } from '../../../lib/api/variant-picks';
import { messageOf } from '../../../lib/server-errors';
import { variantLabel } from '../order-format';

/** Links an unmapped line to a catalogue variant, found by SKU, barcode or name. */
export function OrderLinkDialog({
  line,
  onClose,
  onLink,
  pending,
  error,
}: {
  line: OrderLineView | null;
  onClose: () => void;
  onLink: (variantId: string) => void;
  pending: boolean;
  error: unknown;
}) {
  const { t } = useTranslation('orders');
  const [search, setSearch] = useState(line?.sku ?? '');
  const [debounced] = useDebouncedValue(search, 250);
  const [variantId, setVariantId] = useState<string | null>(null);
  const picks = useVariantPicks(debounced, undefined, line !== null);
  const options = (picks.data?.picks ?? []).map((pick) => ({
    value: pick.id,
    label: variantLabel(pick),
  }));

  return (
    <Modal opened={line !== null} onClose={onClose} title={t('detail.link.title')}>
      <Stack>
        <Text fz="sm">{t('detail.link.hint', { title: line?.title, sku: line?.sku ?? '—' })}</Text>
        <Select
          label={t('detail.link.variant')}
          searchable
          data={options}
          searchValue={search}
          onSearchChange={setSearch}
          value={variantId}
          onChange={setVariantId}
          filter={({ options: all }) => all}
          nothingFoundMessage={t('detail.link.none')}
          error={error ? messageOf(error) : undefined}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('detail.close')}
          </Button>
          <Button disabled={!variantId} loading={pending} onClick={() => onLink(variantId!)}>
            {t('detail.link.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
