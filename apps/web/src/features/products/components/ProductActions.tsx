import type { ProductView } from '@despacho/domain';
import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArchive, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { messageOf } from '../../../lib/server-errors';
import { ConfirmDeleteModal } from '../../../ui/ConfirmDeleteModal';
import { productsApi, useRefreshProducts } from '../api';
import { PRODUCTS_PATH } from '../paths';

/**
 * The edit page's archive and delete. Deleting is refused (RECORD_IN_USE) once orders, stock or
 * shipments name the product; the message says to archive it instead.
 */
export function ProductActions({ product }: { product: ProductView }) {
  const { t } = useTranslation('products');
  const navigate = useNavigate();
  const refresh = useRefreshProducts();
  const [deleting, setDeleting] = useState<ProductView | null>(null);
  const onError = (error: unknown) =>
    notifications.show({ color: 'red', message: messageOf(error) });

  const archive = useMutation({
    mutationFn: () => productsApi.bulk({ action: 'archive', ids: [product.id] }),
    onSuccess: async (result) => {
      const refusal = result.refused[0];
      notifications.show(
        refusal
          ? { color: 'red', message: refusal.message }
          : { color: 'teal', message: t('archive.done', { name: product.name }) },
      );
      await refresh();
    },
    onError,
  });
  const remove = useMutation({
    mutationFn: () => productsApi.remove(product.id),
    onSuccess: async () => {
      notifications.show({ color: 'teal', message: t('delete.done', { name: product.name }) });
      await refresh();
      await navigate(PRODUCTS_PATH);
    },
    onError,
  });

  return (
    <>
      <Group gap="xs">
        {product.status !== 'ARCHIVED' && (
          <Button
            variant="default"
            leftSection={<IconArchive size={16} />}
            loading={archive.isPending}
            onClick={() => archive.mutate()}
          >
            {t('actions.archive')}
          </Button>
        )}
        <Button
          variant="light"
          color="red"
          leftSection={<IconTrash size={16} />}
          onClick={() => setDeleting(product)}
        >
          {t('actions.delete')}
        </Button>
      </Group>
      <ConfirmDeleteModal
        item={deleting}
        onClose={() => setDeleting(null)}
        title={t('delete.title')}
        text={(one) => t('delete.text', { name: one.name })}
        cancelLabel={t('actions.cancel')}
        confirmLabel={t('delete.confirm')}
        busy={remove.isPending}
        onConfirm={() => remove.mutate(undefined, { onSettled: () => setDeleting(null) })}
      />
    </>
  );
}
