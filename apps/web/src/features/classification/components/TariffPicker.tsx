import { TextInput, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTariffSearch } from '../staff-api';
import { CandidateList } from './CandidateList';

/** Searches the catalogue in force by code prefix or words, to pick a code for the result. */
export function TariffPicker({ onUse }: { onUse?: (code: string) => void }) {
  const { t } = useTranslation('classification');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const found = useTariffSearch(debounced);
  return (
    <Stack gap="sm">
      <TextInput
        label={t('staff.picker')}
        placeholder={t('staff.pickerPlaceholder')}
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      {debounced && found.data && (
        <CandidateList candidates={found.data} onUse={onUse} empty={t('staff.pickerEmpty')} />
      )}
    </Stack>
  );
}
