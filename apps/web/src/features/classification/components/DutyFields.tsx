import { DUTY_KINDS } from '@despacho/domain';
import { Group, NumberInput, Select } from '@mantine/core';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ResultFormValues } from './result-form';

type DutyPath = 'duties.general' | 'duties.tmec' | 'duties.no_agreement';

/** One duty by origin: ad valorem with its rate, or exempt. */
export function DutyFields({ path, label }: { path: DutyPath; label: string }) {
  const { t } = useTranslation('classification');
  const form = useFormContext<ResultFormValues>();
  const kind = useWatch({ control: form.control, name: `${path}.kind` as 'duties.general.kind' });
  return (
    <Group align="flex-start" grow>
      <Controller
        name={`${path}.kind` as 'duties.general.kind'}
        render={({ field, fieldState }) => (
          <Select
            label={label}
            data={DUTY_KINDS.map((value) => ({ value, label: t(`dutyKinds.${value}`) }))}
            name={field.name}
            ref={field.ref}
            value={field.value as string}
            onChange={(value) => field.onChange(value ?? 'ad_valorem')}
            allowDeselect={false}
            error={fieldState.error?.message}
          />
        )}
      />
      {kind !== 'exempt' && (
        <Controller
          name={`${path}.rate_percent` as 'duties.general.rate_percent'}
          render={({ field, fieldState }) => (
            <NumberInput
              label={t('staff.form.rate')}
              suffix=" %"
              min={0}
              max={1000}
              decimalScale={2}
              withAsterisk
              name={field.name}
              ref={field.ref}
              value={typeof field.value === 'number' ? field.value : ''}
              onChange={(value) => field.onChange(typeof value === 'number' ? value : null)}
              error={fieldState.error?.message}
            />
          )}
        />
      )}
    </Group>
  );
}
