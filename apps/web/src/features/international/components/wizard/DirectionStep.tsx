import { T1_DIRECTIONS } from '@despacho/domain';
import { Radio, Stack, Text, Title } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { T1Values } from './model';

/** Step 1: whether the goods leave Mexico (export) or come into it (import). */
export function DirectionStep() {
  const { t } = useTranslation('international');
  const form = useFormContext<T1Values>();
  return (
    <Stack gap="md">
      <Title order={2} fz="lg">
        {t('direction.title')}
      </Title>
      <Controller
        control={form.control}
        name="direction"
        render={({ field, fieldState }) => (
          <Radio.Group
            label={t('direction.label')}
            withAsterisk
            value={field.value}
            onChange={(value) => field.onChange(value)}
            error={fieldState.error?.message}
          >
            <Stack gap="sm" mt="xs">
              {T1_DIRECTIONS.map((direction) => (
                <Radio.Card key={direction} value={direction} radius="md" p="md">
                  <Radio.Indicator style={{ float: 'left' }} mr="sm" />
                  <Text fw={600}>{t(`direction.${direction}`)}</Text>
                  <Text fz="sm" c="dimmed">
                    {t(`direction.${direction}Hint`)}
                  </Text>
                </Radio.Card>
              ))}
            </Stack>
          </Radio.Group>
        )}
      />
    </Stack>
  );
}
