import { SAT_PRODUCT_CODE_PATTERN, type SatProduct } from '@despacho/domain';
import { Alert, Autocomplete, Loader, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/http';
import { satProductsKey, searchSatProducts } from '../lib/sat-products';

/** Characters typed before the catalogue is searched. */
const MIN_SEARCH = 2;
const DEBOUNCE_MS = 250;

/**
 * A SAT Carta Porte product code (c_ClaveProdServCP) field: typing searches the catalogue by code
 * prefix or description words and offers "code — description"; choosing one, or typing the
 * 8 digits, shows the code's description under the field. The value is what the input holds, so
 * a typed code is kept as it is. Without the catalogue it says that only the family is checked.
 * `search` replaces the API call (tests).
 */
export function SatProductField({
  label,
  hint,
  value,
  onChange,
  onBlur,
  name,
  inputRef,
  error,
  search = searchSatProducts,
}: {
  label: string;
  /** Shown under the field until a code of the catalogue is chosen. */
  hint: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  error?: string;
  search?: (text: string) => Promise<SatProduct[]>;
}) {
  const { t } = useTranslation('catalogs');
  const typed = value.trim();
  const [debounced] = useDebouncedValue(typed, DEBOUNCE_MS);
  const results = useQuery({
    queryKey: satProductsKey(debounced),
    queryFn: () => search(debounced),
    enabled: debounced.length >= MIN_SEARCH,
    retry: false,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
  // Below the minimum, no options (not even the last search's).
  const products = typed.length >= MIN_SEARCH ? (results.data ?? []) : [];
  const byCode = new Map(products.map((product) => [product.code, product]));

  const complete = SAT_PRODUCT_CODE_PATTERN.test(typed);
  const chosen = complete ? byCode.get(typed) : undefined;
  // The search for the code itself found nothing: it is not in the catalogue.
  const unknown =
    complete &&
    !chosen &&
    debounced === typed &&
    results.isSuccess &&
    !results.isPlaceholderData &&
    !results.isFetching;
  const notLoaded =
    results.error instanceof ApiError && results.error.code === 'SAT_PRODUCTS_NOT_LOADED';

  return (
    <Stack gap="xs">
      <Autocomplete
        label={label}
        placeholder={t('satProduct.placeholder')}
        description={
          chosen ? (
            <Text span fz="xs" c="teal.8" data-testid="sat-product-description">
              {chosen.description}
            </Text>
          ) : unknown ? (
            <Text span fz="xs" c="orange.8">
              {t('satProduct.notInCatalogue')}
            </Text>
          ) : (
            hint
          )
        }
        data={products.map((product) => product.code)}
        // The server filters and ranks; show its answer as it is.
        filter={({ options }) => options}
        limit={20}
        maxDropdownHeight={280}
        renderOption={({ option }) => (
          <Text fz="sm">
            {option.value} — {byCode.get(option.value)?.description}
          </Text>
        )}
        rightSection={results.isFetching ? <Loader size={14} /> : null}
        autoComplete="off"
        error={error}
        name={name}
        ref={inputRef}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
      />
      {notLoaded && (
        <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />} role="note">
          <Text fz="sm" fw={600}>
            {t('satProduct.notLoaded.title')}
          </Text>
          <Text fz="sm">{t('satProduct.notLoaded.body')}</Text>
        </Alert>
      )}
    </Stack>
  );
}
