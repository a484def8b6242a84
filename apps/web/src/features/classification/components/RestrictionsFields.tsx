import { CLASSIFICATION_RULES, RESTRICTION_AUTHORITIES, RESTRICTION_KINDS } from '@despacho/domain';
import { Button, CloseButton, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Controller, useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ResultFormValues } from './result-form';

/** The non-tariff regulations and restrictions (NOMs, permits) the classifier records. */
export function RestrictionsFields() {
  const { t } = useTranslation('classification');
  const form = useFormContext<ResultFormValues>();
  const rows = useFieldArray({ control: form.control, name: 'restrictions' });
  const errors = form.formState.errors.restrictions;
  return (
    <Stack gap="xs">
      <Text fz="sm" fw={600}>
        {t('result.restrictions')}
      </Text>
      {rows.fields.map((row, index) => (
        <Paper key={row.id} withBorder radius="md" p="sm">
          <Group align="flex-start" wrap="wrap">
            <Controller
              name={`restrictions.${index}.kind`}
              render={({ field }) => (
                <Select
                  label={t('staff.form.restrictionKind')}
                  data={RESTRICTION_KINDS.map((value) => ({
                    value,
                    label: t(`restrictionKinds.${value}`),
                  }))}
                  value={field.value as string}
                  onChange={(value) => field.onChange(value)}
                  allowDeselect={false}
                  w={150}
                />
              )}
            />
            <Controller
              name={`restrictions.${index}.authority`}
              render={({ field }) => (
                <Select
                  label={t('staff.form.authority')}
                  data={[...RESTRICTION_AUTHORITIES]}
                  value={field.value as string}
                  onChange={(value) => field.onChange(value)}
                  allowDeselect={false}
                  w={150}
                />
              )}
            />
            <TextInput
              label={t('staff.form.restrictionCode')}
              maxLength={CLASSIFICATION_RULES.shortInputMax}
              withAsterisk
              error={errors?.[index]?.code?.message}
              {...form.register(`restrictions.${index}.code`)}
              flex="1 1 180px"
            />
            <TextInput
              label={t('staff.form.restrictionDescription')}
              maxLength={CLASSIFICATION_RULES.inputMax}
              withAsterisk
              error={errors?.[index]?.description?.message}
              {...form.register(`restrictions.${index}.description`)}
              flex="2 1 240px"
            />
            <CloseButton
              mt={28}
              aria-label={t('staff.form.removeRestriction')}
              onClick={() => rows.remove(index)}
            />
          </Group>
        </Paper>
      ))}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          disabled={rows.fields.length >= CLASSIFICATION_RULES.restrictionsMax}
          onClick={() => rows.append({ kind: 'nom', authority: 'SE', code: '', description: '' })}
        >
          {t('staff.form.addRestriction')}
        </Button>
      </Group>
    </Stack>
  );
}
