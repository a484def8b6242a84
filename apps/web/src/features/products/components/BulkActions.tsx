import type { ProductBulkInput, ProductBulkResult } from '@despacho/domain';
import { Anchor, Button, Group, Modal, Paper, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../lib/server-errors';
import { ConfirmDeleteModal } from '../../../ui/ConfirmDeleteModal';
import { productsApi, useRefreshProducts } from '../api';
import { useCollectionOptions, useRefreshCollections } from '../collections-api';
import { CollectionDrawer } from './collections/CollectionDrawer';

/**
 * What the list does with the selected products: archive, publish, add to a collection or delete
 * the drafts. Each product is done or refused on its own. A collection can be created while
 * adding to one (a new merchant has none): the picker gives way to the collection's drawer and
 * comes back with the new collection chosen.
 */
export function BulkActions({
  ids,
  onDone,
  onRefused,
}: {
  ids: string[];
  onDone: () => void;
  /** Some products were refused: the page shows the answer (the bar goes with the selection). */
  onRefused: (result: ProductBulkResult) => void;
}) {
  const { t } = useTranslation('products');
  const refreshProducts = useRefreshProducts();
  const refreshCollections = useRefreshCollections();
  const collections = useCollectionOptions();
  const [picking, setPicking] = useState(false);
  const [creating, setCreating] = useState(false);
  const [collectionId, setCollectionId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string[] | null>(null);

  const bulk = useMutation({
    mutationFn: (input: ProductBulkInput) => productsApi.bulk(input),
    onSuccess: async (answer) => {
      setPicking(false);
      setDeleting(null);
      if (answer.refused.length > 0) onRefused(answer);
      else
        notifications.show({
          color: 'teal',
          message: t('bulk.done', { count: answer.done.length }),
        });
      onDone();
      // Collections count their products: adding or deleting changes them too.
      await Promise.all([refreshProducts(), refreshCollections()]);
    },
    onError: (error) => notifications.show({ color: 'red', message: messageOf(error) }),
  });
  const run = (action: ProductBulkInput['action'], extra?: Partial<ProductBulkInput>) =>
    bulk.mutate({ action, ids, ...extra });

  return (
    <>
      <Paper withBorder radius="md" p="sm" mb="md" bg="var(--mantine-color-default-hover)">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text fz="sm" fw={600} role="status">
            {t('bulk.selected', { count: ids.length })}
          </Text>
          <Group gap="xs" wrap="wrap">
            <Button
              size="xs"
              variant="default"
              loading={bulk.isPending}
              onClick={() => run('publish')}
            >
              {t('bulk.publish')}
            </Button>
            <Button
              size="xs"
              variant="default"
              loading={bulk.isPending}
              onClick={() => run('archive')}
            >
              {t('bulk.archive')}
            </Button>
            <Button size="xs" variant="default" onClick={() => setPicking(true)}>
              {t('bulk.addToCollection')}
            </Button>
            <Button size="xs" variant="light" color="red" onClick={() => setDeleting(ids)}>
              {t('bulk.deleteDrafts')}
            </Button>
          </Group>
        </Group>
      </Paper>

      <Modal
        opened={picking}
        onClose={() => setPicking(false)}
        title={t('bulk.addToCollection')}
        centered
      >
        <Stack>
          {/* Without collections, a select would open on nothing over the way to create one. */}
          {collections.length === 0 ? (
            <Text fz="sm">{t('bulk.noCollections')}</Text>
          ) : (
            <Select
              label={t('bulk.collection')}
              data={collections}
              value={collectionId}
              onChange={setCollectionId}
              searchable
              nothingFoundMessage={t('bulk.noCollections')}
              data-autofocus
            />
          )}
          <Anchor
            component="button"
            type="button"
            fz="sm"
            ta="left"
            onClick={() => {
              setPicking(false);
              setCreating(true);
            }}
          >
            {t('bulk.newCollection')}
          </Anchor>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPicking(false)}>
              {t('actions.cancel')}
            </Button>
            <Button
              disabled={!collectionId}
              loading={bulk.isPending}
              onClick={() =>
                collectionId && run('add_to_collection', { collection_id: collectionId })
              }
            >
              {t('bulk.add')}
            </Button>
          </Group>
        </Stack>
      </Modal>

      <CollectionDrawer
        opened={creating}
        collection={null}
        onClose={() => {
          setCreating(false);
          setPicking(true);
        }}
        onSaved={(saved) => {
          setCollectionId(saved.id);
          setCreating(false);
          setPicking(true);
        }}
      />

      <ConfirmDeleteModal
        item={deleting}
        onClose={() => setDeleting(null)}
        title={t('bulk.deleteDrafts')}
        text={(selected) => t('bulk.deleteText', { count: selected.length })}
        cancelLabel={t('actions.cancel')}
        confirmLabel={t('bulk.deleteConfirm')}
        busy={bulk.isPending}
        onConfirm={() => run('delete')}
      />
    </>
  );
}
