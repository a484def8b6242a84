import {
  catalogsContract,
  type TariffFraction,
  type TariffFractionsAnswer,
} from '@despacho/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../../lib/api-client';
import { catalogsKeys } from '../../../lib/api/catalogs';
import { CatalogCodeField, type CatalogCodeInputProps } from '../../../ui/CatalogCodeField';

const searchTariffFractions = (search: string): Promise<TariffFractionsAnswer> =>
  call(catalogsContract.tariffFractions, { query: { search } });
const tariffFractionsKey = (search: string) => catalogsKeys.tariffFractions({ query: { search } });

/**
 * The search asked as the field opens, to know whether the catalogue is imported before the
 * merchant types (a chapter's prefix: a short answer either way).
 */
const PROBE = '01';

/** 8 digits, or 10 with the NICO; dots and spaces as SAT writes them. */
const WHOLE_CODE = /^\d{4}\.?\d{2}\.?\d{2}(?:\.?\d{2})?$/;

/**
 * The fracción arancelaria: typing digits searches the SAT catalogue by prefix, words search the
 * descriptions; 8 digits are kept as a partial classification, 10 (with the NICO) as complete.
 * Without the catalogue it says so from the start and asks for the digits alone (a search by
 * words would find nothing).
 */
export function TariffFractionField(field: CatalogCodeInputProps) {
  const { t } = useTranslation('products');
  const probe = useQuery({
    queryKey: tariffFractionsKey(PROBE),
    queryFn: () => searchTariffFractions(PROBE),
    retry: false,
    staleTime: 5 * 60_000,
  });
  const loaded = probe.data?.meta.catalogue_loaded;
  return (
    <CatalogCodeField<TariffFraction, TariffFractionsAnswer>
      {...field}
      // The hint's "search by description" and "complete" need the catalogue; the note says why.
      hint={loaded === false ? undefined : field.hint}
      search={searchTariffFractions}
      queryKey={tariffFractionsKey}
      items={(answer) => answer?.data ?? []}
      minSearch={2}
      isCode={(text) => WHOLE_CODE.test(text.trim())}
      describe={(fraction) => fraction.description}
      notLoaded={(answer) => answer?.meta.catalogue_loaded === false}
      catalogueLoaded={loaded}
      nameTestId="tariff-fraction-name"
      texts={{
        placeholder: t(
          loaded === false ? 'fields.tariffCodePlaceholderDigits' : 'fields.tariffCodePlaceholder',
        ),
        notInCatalogue: t('fields.tariffNotInCatalogue'),
        notLoadedTitle: t('fields.tariffNotLoadedTitle'),
        notLoadedBody: t('fields.tariffNotLoadedBody'),
      }}
    />
  );
}
