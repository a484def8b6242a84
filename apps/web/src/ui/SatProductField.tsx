import {
  SAT_COMMON_PRODUCTS,
  SAT_PRODUCT_CODE_PATTERN,
  type SatProduct,
  type SatProductsAnswer,
} from '@despacho/domain';
import { useTranslation } from 'react-i18next';
import { satProductsKey, searchSatProducts } from '../lib/sat-products';
import { CatalogCodeField, type CatalogCodeInputProps } from './CatalogCodeField';

/**
 * A SAT Carta Porte product code (c_ClaveProdServCP) field: empty, it offers the common codes;
 * typing searches the catalogue by code prefix or description words and offers "code —
 * description"; choosing one, or typing the 8 digits, shows the code's description under the
 * field. The value is what the input holds, so a typed code is kept as it is. Without the
 * imported catalogue the API searches the common codes and the field says any code may be typed.
 * `search` replaces the API call (tests).
 */
export function SatProductField({
  search = searchSatProducts,
  ...field
}: CatalogCodeInputProps & {
  /** Shown under the field until a code of the catalogue is chosen. */
  hint: string;
  search?: (text: string) => Promise<SatProductsAnswer>;
}) {
  const { t } = useTranslation('catalogs');
  return (
    <CatalogCodeField<SatProduct, SatProductsAnswer>
      {...field}
      search={search}
      queryKey={satProductsKey}
      items={(answer) => answer?.data ?? []}
      // Characters typed before the catalogue is searched; until then, the common codes.
      minSearch={2}
      idle={SAT_COMMON_PRODUCTS}
      isCode={(text) => SAT_PRODUCT_CODE_PATTERN.test(text)}
      describe={(product) => product.description}
      notLoaded={(answer) => answer?.meta.catalogue_loaded === false}
      nameTestId="sat-product-description"
      texts={{
        placeholder: t('satProduct.placeholder'),
        notInCatalogue: t('satProduct.notInCatalogue'),
        notLoadedTitle: t('satProduct.notLoaded.title'),
        notLoadedBody: t('satProduct.notLoaded.body'),
      }}
    />
  );
}
