import { PRODUCT_RULES, type ProductImageView } from '@despacho/domain';
import { Avatar, Button, FileButton, Group, Input, Stack, Text } from '@mantine/core';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProductImage } from '../../../../lib/product-images';
import { messageOf } from '../../../../lib/server-errors';
import { productsApi } from '../../api';

const TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/**
 * The collection's image: uploaded as soon as it is chosen (the server reads its type from the
 * content and re-encodes it), then saved with the form by its id. The limits are written under
 * the label; the browser refuses what it can tell is too big or of another type.
 */
export function CollectionImageField({
  image,
  onChange,
  error,
}: {
  image: ProductImageView | null;
  onChange: (image: ProductImageView | null) => void;
  error?: string;
}) {
  const { t } = useTranslation('collections');
  const [problem, setProblem] = useState<string | null>(null);
  const source = useProductImage(image?.thumbnail_url ?? null);
  const upload = useMutation({
    mutationFn: (file: File) => productsApi.uploadImage(file),
    onSuccess: (uploaded) => onChange(uploaded),
  });
  const choose = (file: File | null) => {
    upload.reset();
    if (!file) return;
    if (!TYPES.includes(file.type)) return setProblem(t('image.wrongType'));
    if (file.size > PRODUCT_RULES.imageMaxBytes) return setProblem(t('image.tooLarge'));
    setProblem(null);
    upload.mutate(file);
  };
  const message = problem ?? (upload.error ? messageOf(upload.error) : null) ?? error;

  return (
    <Input.Wrapper label={t('fields.image')} description={t('image.limits')} error={message}>
      <Group mt="xs" gap="md" wrap="nowrap" align="center">
        <Avatar src={source} size={72} radius="md" alt={image ? t('image.alt') : undefined}>
          <IconPhoto size={28} aria-hidden />
        </Avatar>
        <Stack gap={6}>
          <FileButton onChange={choose} accept={TYPES.join(',')}>
            {(props) => (
              <Button
                {...props}
                variant="light"
                size="xs"
                leftSection={<IconUpload size={16} />}
                loading={upload.isPending}
              >
                {image ? t('image.replace') : t('image.choose')}
              </Button>
            )}
          </FileButton>
          {image && (
            <Button
              variant="subtle"
              color="red"
              size="xs"
              leftSection={<IconTrash size={16} />}
              onClick={() => onChange(null)}
            >
              {t('image.remove')}
            </Button>
          )}
        </Stack>
        {!image && (
          <Text fz="xs" c="dimmed">
            {t('image.empty')}
          </Text>
        )}
      </Group>
    </Input.Wrapper>
  );
}
