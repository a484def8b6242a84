import {
  catalogsContract,
  type TariffFraction,
  type TariffFractionsAnswer,
} from '@despacho/domain';
import { useTranslation } from 'react-i18next';
import { call } from '../../../lib/api-client';
import { catalogsKeys } from '../../../lib/api/catalogs';
import { CatalogCodeField, type CatalogCodeInputProps } from '../../../ui/CatalogCodeField';

const searchTariffFractions = (search: string): Promise<TariffFractionsAnswer> =>
  call(catalogsContract.tariffFractions, { query: { search } });
const tariffFractionsKey = (search: string) => catalogsKeys.tariffFractions({ query: { search } });

/** 8 digits, or 10 with the NICO; dots and spaces as SAT writes them. */
const WHOLE_CODE = /^\d{4}\.?\d{2}\.?\d{2}(?:\.?\d{2})?$/;

/**
 * The fracción arancelaria: typing digits searches the SAT catalogue by prefix, words search the
 * descriptions; 8 digits are kept as a partial classification, 10 (with the NICO) as complete.
 */
export function TariffFractionField(field: CatalogCodeInputProps) {
  const { t } = useTranslation('products');
  return (
    <CatalogCodeField<TariffFraction, TariffFractionsAnswer>
      {...field}
      search={searchTariffFractions}
      queryKey={tariffFractionsKey}
      items={(answer) => answer?.data ?? []}
      minSearch={2}
      isCode={(text) => WHOLE_CODE.test(text.trim())}
      describe={(fraction) => fraction.description}
      notLoaded={(answer) => answer?.meta.catalogue_loaded === false}
      nameTestId="tariff-fraction-name"
      texts={{
        placeholder: t('fields.tariffCodePlaceholder'),
        notInCatalogue: t('fields.tariffNotInCatalogue'),
        notLoadedTitle: t('fields.tariffNotLoadedTitle'),
        notLoadedBody: t('fields.tariffNotLoadedBody'),
      }}
    />
  );
}
