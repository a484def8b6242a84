import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/** A calendar day (`YYYY-MM-DD`) of a table row's form, picked on a calendar. */
export function DayField({
  name,
  label,
  required = false,
  description,
}: {
  name: string;
  label: string;
  required?: boolean;
  description?: string;
}) {
  const { i18n } = useTranslation();
  const form = useFormContext();
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <DatePickerInput
          label={label}
          description={description}
          withAsterisk={required}
          clearable={!required}
          locale={i18n.language}
          valueFormat="DD/MM/YYYY"
          value={typeof field.value === 'string' && field.value ? field.value : null}
          onChange={(value) => field.onChange(value ?? (required ? '' : null))}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
