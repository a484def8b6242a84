import { MAX_PARCELS, type Package } from '@despacho/domain';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { get, useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ParcelFields } from '../../../../ui/ParcelFields';
import type { T1Values } from './model';

/** Step 3: the boxes, measured and weighed (the courier bills the heavier of real and volume). */
export function PackagesStep({ savedPackages }: { savedPackages?: readonly Package[] }) {
  const { t } = useTranslation('international');
  const form = useFormContext<T1Values>();
  const packages = useFieldArray({ control: form.control, name: 'packages' });
  const listError = (get(form.formState.errors, 'packages') as { root?: { message?: string } })
    ?.root?.message;
  return (
    <Stack gap="md">
      <Title order={2} fz="lg">
        {t('packages.title')}
      </Title>
      {listError && (
        <Alert color="red" variant="light" role="alert">
          {listError}
        </Alert>
      )}
      {packages.fields.map((field, index) => (
        <Paper
          key={field.id}
          withBorder
          radius="md"
          p="md"
          component="section"
          aria-label={t('packages.one', { number: index + 1 })}
        >
          <Group justify="space-between" mb="sm">
            <Text fw={600}>{t('packages.one', { number: index + 1 })}</Text>
            {packages.fields.length > 1 && (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={14} />}
                onClick={() => packages.remove(index)}
              >
                {t('packages.remove')}
              </Button>
            )}
          </Group>
          <Stack gap="sm">
            <ParcelFields name={`packages.${index}`} savedPackages={savedPackages} />
          </Stack>
        </Paper>
      ))}
      {packages.fields.length < MAX_PARCELS && (
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => packages.append({ package_id: null, unit: 'cm_kg' } as never)}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('packages.add')}
        </Button>
      )}
    </Stack>
  );
}
