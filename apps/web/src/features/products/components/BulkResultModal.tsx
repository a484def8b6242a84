import type { ProductBulkResult } from '@despacho/domain';
import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A bulk action's answer when some products were refused: how many were done, and each refusal. */
export function BulkResultModal({
  result,
  onClose,
}: {
  result: ProductBulkResult | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('products');
  return (
    <Modal opened={result !== null} onClose={onClose} title={t('bulk.resultTitle')} centered>
      {result && (
        <Stack>
          <Text fz="sm">{t('bulk.done', { count: result.done.length })}</Text>
          <Text fz="sm" fw={600}>
            {t('bulk.refused', { count: result.refused.length })}
          </Text>
          <List fz="sm" spacing={4}>
            {result.refused.map((refusal) => (
              <List.Item key={refusal.id}>
                <strong>{refusal.name}</strong>: {refusal.message}
              </List.Item>
            ))}
          </List>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('actions.close')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
