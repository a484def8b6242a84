import { PRODUCT_RULES, type ProductView } from '@despacho/domain';
import { Anchor, Button, FileButton, Group, Input, Text } from '@mantine/core';
import { IconFileTypePdf, IconTrash, IconUpload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../../../lib/file-size';
import { openFile } from '../../../lib/open-file';
import { messageOf } from '../../../lib/server-errors';
import { productsApi } from '../api';
import type { ProductFormValues } from './product-form';

type Datasheet = NonNullable<ProductView['datasheet']>;

/** The product's data sheet: one PDF of at most 1 MB, uploaded as soon as it is chosen. */
export function DatasheetField({ initial }: { initial: Datasheet | null }) {
  const { t } = useTranslation('products');
  const form = useFormContext<ProductFormValues>();
  const [datasheet, setDatasheet] = useState<Datasheet | null>(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: (file: File) => productsApi.uploadDatasheet(file),
    onSuccess: (uploaded) => {
      setDatasheet(uploaded);
      form.setValue('datasheet_file_id', uploaded.file_id, { shouldDirty: true });
    },
    onError: (error) => setProblem(messageOf(error)),
  });
  const choose = (file: File | null) => {
    if (!file) return;
    setProblem(null);
    // Said before sending: the server checks it again, and the content.
    if (file.size > PRODUCT_RULES.datasheetMaxBytes) setProblem(t('form.datasheetTooBig'));
    else upload.mutate(file);
  };
  const remove = () => {
    setDatasheet(null);
    form.setValue('datasheet_file_id', undefined, { shouldDirty: true });
  };

  return (
    <Input.Wrapper
      label={t('fields.datasheet')}
      description={t('form.datasheetHint')}
      error={problem}
    >
      <Group gap="sm" mt={6} wrap="wrap">
        {datasheet && (
          <Group gap={6} wrap="nowrap">
            <IconFileTypePdf size={20} aria-hidden />
            <Anchor
              component="button"
              type="button"
              fz="sm"
              onClick={() =>
                void openFile(() => productsApi.datasheet(datasheet.file_id), datasheet.name)
              }
            >
              {datasheet.name}
            </Anchor>
            <Text fz="xs" c="dimmed">
              {formatFileSize(datasheet.bytes)}
            </Text>
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={remove}
            >
              {t('actions.remove')}
            </Button>
          </Group>
        )}
        <FileButton onChange={choose} accept="application/pdf">
          {(props) => (
            <Button
              {...props}
              variant="default"
              size="sm"
              leftSection={<IconUpload size={16} />}
              loading={upload.isPending}
            >
              {datasheet ? t('actions.replaceDatasheet') : t('actions.uploadDatasheet')}
            </Button>
          )}
        </FileButton>
      </Group>
    </Input.Wrapper>
  );
}
