import type { ParcelInput } from '@despacho/domain';
import { Group, NumberInput, Select, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePackages } from '../../../lib/api/packages';

type Parcel = Pick<ParcelInput, 'length' | 'width' | 'height' | 'weight' | 'package_id'>;

/** The fulfilment's parcel: a saved package fills the sizes, the weight is what ships. */
export function OrderParcelFields({
  parcel,
  onChange,
  error,
}: {
  parcel: Parcel;
  onChange: (parcel: Parcel) => void;
  error: Partial<Record<keyof Parcel, string>>;
}) {
  const { t } = useTranslation('orders');
  const packages = usePackages({ page: 1, pageSize: 100 });
  const saved = packages.data?.data ?? [];
  const size = (field: 'length' | 'width' | 'height' | 'weight', label: string) => (
    <NumberInput
      label={label}
      min={0}
      decimalScale={field === 'weight' ? 2 : 1}
      value={parcel[field] || ''}
      onChange={(value) => onChange({ ...parcel, [field]: Number(value) || 0 })}
      error={error[field]}
      withAsterisk
    />
  );
  return (
    <Stack gap="sm">
      <Select
        label={t('fulfil.package')}
        placeholder={t('fulfil.packageNone')}
        clearable
        data={saved.map((pack) => ({ value: pack.id, label: pack.name }))}
        value={parcel.package_id ?? null}
        onChange={(id) => {
          const pack = saved.find((candidate) => candidate.id === id);
          onChange(
            pack
              ? {
                  package_id: pack.id,
                  length: pack.length,
                  width: pack.width,
                  height: pack.height,
                  weight: pack.weight,
                }
              : { ...parcel, package_id: null },
          );
        }}
      />
      <Group grow align="flex-start">
        {size('length', t('fulfil.length'))}
        {size('width', t('fulfil.width'))}
        {size('height', t('fulfil.height'))}
        {size('weight', t('fulfil.weight'))}
      </Group>
    </Stack>
  );
}
