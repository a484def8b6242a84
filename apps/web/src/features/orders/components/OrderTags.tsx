import { Paper, Stack, TagsInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The order's tags, saved as they change. */
export function OrderTags({
  tags,
  onChange,
  error,
}: {
  tags: string[];
  onChange: (tags: string[]) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation('orders');
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Title order={2} fz="h4">
          {t('detail.tags.title')}
        </Title>
        <TagsInput
          label={t('detail.tags.label')}
          description={t('detail.tags.hint')}
          value={tags}
          onChange={onChange}
          maxTags={20}
          error={error}
        />
      </Stack>
    </Paper>
  );
}
