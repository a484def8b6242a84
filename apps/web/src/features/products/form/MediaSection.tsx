import { PRODUCT_RULES, type ProductImageView } from '@despacho/domain';
import {
  ActionIcon,
  Badge,
  Button,
  FileButton,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconTrash, IconUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../lib/server-errors';
import { productsApi } from '../api';
import { ProductThumbnail } from '../components/ProductThumbnail';
import { FormSection } from './FormSection';
import type { ProductFormValues } from './product-form';

const TYPES = ['image/jpeg', 'image/png', 'image/webp'];

interface Upload {
  key: string;
  name: string;
  problem: string | null;
}

/**
 * The product's images: chosen several at a time and uploaded one after another (a bar per file),
 * shown in order, the first as the cover; moved by dragging or by the arrow buttons, removed.
 * The form keeps their ids in `image_ids`.
 */
export function MediaSection({ initial }: { initial: ProductImageView[] }) {
  const { t } = useTranslation('products');
  const form = useFormContext<ProductFormValues>();
  const [images, setImages] = useState(initial);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dragged, setDragged] = useState<number | null>(null);

  // The form sends the ids in the order shown; a change of order, an upload or a removal dirties it.
  useEffect(() => {
    const ids = images.map((image) => image.id);
    if (ids.join() !== (form.getValues('image_ids') ?? []).join()) {
      form.setValue('image_ids', ids, { shouldDirty: true });
    }
  }, [images, form]);
  const move = (from: number, to: number) => {
    if (to < 0 || to >= images.length || from === to) return;
    const next = [...images];
    const [image] = next.splice(from, 1);
    next.splice(to, 0, image!);
    setImages(next);
  };
  const setUpload = (key: string, change: Partial<Upload> | null) =>
    setUploads((current) =>
      change === null
        ? current.filter((upload) => upload.key !== key)
        : current.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)),
    );

  const choose = (files: File[]) => {
    const room = PRODUCT_RULES.imagesMax - images.length - uploads.filter((u) => !u.problem).length;
    const queue = files.map((file, index) => ({
      file,
      upload: {
        key: `${Date.now()}-${index}-${file.name}`,
        name: file.name,
        problem:
          index >= room
            ? t('media.tooMany', { max: PRODUCT_RULES.imagesMax })
            : !TYPES.includes(file.type)
              ? t('media.wrongType')
              : file.size > PRODUCT_RULES.imageMaxBytes
                ? t('media.tooBig')
                : null,
      },
    }));
    setUploads((current) => [...current, ...queue.map(({ upload }) => upload)]);
    void uploadInOrder(queue.filter(({ upload }) => !upload.problem));
  };
  // One after another: the images keep the order they were chosen in.
  const uploadInOrder = async (queue: { file: File; upload: Upload }[]) => {
    for (const { file, upload } of queue) {
      try {
        const image = await productsApi.uploadImage(file);
        setUpload(upload.key, null);
        setImages((current) => [...current, image]);
      } catch (error) {
        setUpload(upload.key, { problem: messageOf(error) });
      }
    }
  };

  return (
    <FormSection title={t('form.sections.media')} description={t('media.limits')}>
      {images.length > 0 && (
        <SimpleGrid cols={{ base: 2, xs: 3, md: 5 }} spacing="sm" aria-label={t('media.list')}>
          {images.map((image, index) => (
            <Paper
              key={image.id}
              withBorder
              radius="md"
              p={6}
              draggable
              onDragStart={() => setDragged(index)}
              onDragOver={(event) => event.preventDefault()}
              onDrop={() => {
                if (dragged !== null) move(dragged, index);
                setDragged(null);
              }}
              data-testid="product-image"
              data-image-id={image.id}
              style={{ cursor: 'grab' }}
            >
              <Stack gap={6} align="center">
                <ProductThumbnail
                  path={image.thumbnail_url}
                  alt={t('media.imageAlt', { number: index + 1 })}
                  size={96}
                />
                {index === 0 ? (
                  <Badge size="xs" variant="light">
                    {t('media.cover')}
                  </Badge>
                ) : (
                  <Text fz="xs" c="dimmed">
                    {t('media.position', { number: index + 1 })}
                  </Text>
                )}
                <Group gap={2} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('media.moveBefore', { number: index + 1 })}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  >
                    <IconArrowLeft size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('media.moveAfter', { number: index + 1 })}
                    disabled={index === images.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    <IconArrowRight size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('media.remove', { number: index + 1 })}
                    onClick={() => setImages(images.filter((one) => one.id !== image.id))}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      )}
      {uploads.map((upload) => (
        <Stack key={upload.key} gap={4}>
          <Group justify="space-between" wrap="nowrap">
            <Text fz="sm" truncate>
              {upload.name}
            </Text>
            {upload.problem && (
              <Button
                size="compact-xs"
                variant="subtle"
                onClick={() => setUpload(upload.key, null)}
              >
                {t('actions.dismiss')}
              </Button>
            )}
          </Group>
          {upload.problem ? (
            <Text fz="xs" c="red.8" role="alert">
              {upload.problem}
            </Text>
          ) : (
            <Progress
              value={100}
              striped
              animated
              size="sm"
              aria-label={t('media.uploading', { name: upload.name })}
            />
          )}
        </Stack>
      ))}
      <Group>
        <FileButton onChange={choose} accept={TYPES.join(',')} multiple>
          {(props) => (
            <Button
              {...props}
              variant="default"
              leftSection={<IconUpload size={16} />}
              disabled={images.length >= PRODUCT_RULES.imagesMax}
            >
              {t('media.add')}
            </Button>
          )}
        </FileButton>
      </Group>
    </FormSection>
  );
}
