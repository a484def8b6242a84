import type { LocationView } from '@despacho/domain';
import { Select } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';

/** A form's `location_id`: one of the organization's address-book locations, by alias and zip. */
export function LocationSelect({
  label,
  locations,
}: {
  label: string;
  locations: readonly LocationView[];
}) {
  const form = useFormContext<{ location_id: string }>();
  return (
    <Controller
      control={form.control}
      name="location_id"
      render={({ field, fieldState }) => (
        <Select
          label={label}
          withAsterisk
          searchable
          allowDeselect={false}
          data={locations.map((location) => ({
            value: location.id,
            label: `${location.alias} · ${location.zip} ${location.city}`,
          }))}
          name={field.name}
          ref={field.ref}
          value={field.value || null}
          onChange={(value) => field.onChange(value ?? '')}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
