import { collectionSchema, type CollectionView, type ProductImageView } from '@despacho/domain';
import { Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDomainForm } from '../../../../lib/useDomainForm';
import { EntityDrawer } from '../../../../ui/EntityDrawer';
import { EntityForm } from '../../../../ui/EntityForm';
import { collectionsApi, useRefreshCollections } from '../../collections-api';
import { CollectionImageField } from './CollectionImageField';

/**
 * Creates (`collection` null) or edits a collection beside the list; `onSaved` hears of the saved
 * collection (the products list's "Agregar a colección" selects the one just created).
 */
export function CollectionDrawer({
  opened,
  collection,
  onClose,
  onSaved,
}: {
  opened: boolean;
  collection: CollectionView | null;
  onClose: () => void;
  onSaved?: (saved: CollectionView) => void;
}) {
  const { t } = useTranslation('collections');
  return (
    <EntityDrawer
      opened={opened}
      onClose={onClose}
      title={collection ? t('edit.title') : t('create.title')}
      closeLabel={t('actions.close')}
    >
      <CollectionForm
        key={collection?.id ?? 'new'}
        collection={collection}
        onDone={(saved) => (onSaved ? onSaved(saved) : onClose())}
      />
    </EntityDrawer>
  );
}

function CollectionForm({
  collection,
  onDone,
}: {
  collection: CollectionView | null;
  onDone: (saved: CollectionView) => void;
}) {
  const { t } = useTranslation('collections');
  const refresh = useRefreshCollections();
  // The image shown; the form holds only its id.
  const [image, setImage] = useState<ProductImageView | null>(collection?.image ?? null);
  const { form, formProps } = useDomainForm({
    schema: collectionSchema,
    defaultValues: {
      name: collection?.name ?? '',
      description: collection?.description ?? '',
      image_id: collection?.image?.id ?? '',
    },
    submit: (values) =>
      collection ? collectionsApi.update(collection.id, values) : collectionsApi.create(values),
    onSuccess: async (saved) => {
      notifications.show({
        color: 'teal',
        message: t(collection ? 'edit.saved' : 'create.saved', { name: saved.name }),
      });
      onDone(saved);
      await refresh();
    },
  });
  const { errors } = form.formState;

  return (
    <EntityForm
      form={form}
      formProps={formProps}
      cancelLabel={t('actions.cancel')}
      submitLabel={collection ? t('edit.submit') : t('create.submit')}
    >
      <TextInput
        label={t('fields.name')}
        withAsterisk
        maxLength={100}
        error={errors.name?.message}
        {...form.register('name')}
      />
      <Textarea
        label={t('fields.description')}
        rows={4}
        maxLength={2000}
        error={errors.description?.message}
        {...form.register('description')}
      />
      <CollectionImageField
        image={image}
        error={errors.image_id?.message}
        onChange={(next) => {
          setImage(next);
          form.setValue('image_id', next?.id ?? '', { shouldDirty: true });
        }}
      />
    </EntityForm>
  );
}
