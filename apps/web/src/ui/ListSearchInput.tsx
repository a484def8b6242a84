import { TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { useListParams } from '../lib/useListParams';

type ListParams = ReturnType<typeof useListParams>;

/**
 * The search box of a list page (`useListParams`): what is typed shows at once, and goes to the
 * URL trimmed (none when blank), which starts the list again at page 1.
 */
export function ListSearchInput({
  search,
  setSearch,
  setParam,
  ...props
}: Pick<ListParams, 'search' | 'setSearch' | 'setParam'> &
  Omit<TextInputProps, 'value' | 'onChange' | 'leftSection'>) {
  return (
    <TextInput
      {...props}
      leftSection={<IconSearch size={16} />}
      value={search}
      onChange={(event) => {
        setSearch(event.currentTarget.value);
        setParam('search', event.currentTarget.value.trim() || undefined);
      }}
    />
  );
}
