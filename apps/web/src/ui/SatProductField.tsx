import { SAT_PRODUCT_CODE_PATTERN, type SatProduct } from '@despacho/domain';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/http';
import { satProductsKey, searchSatProducts } from '../lib/sat-products';
import { CatalogCodeField, type CatalogCodeInputProps } from './CatalogCodeField';

/**
 * A SAT Carta Porte product code (c_ClaveProdServCP) field: typing searches the catalogue by code
 * prefix or description words and offers "code — description"; choosing one, or typing the
 * 8 digits, shows the code's description under the field. The value is what the input holds, so
 * a typed code is kept as it is. Without the catalogue it says that only the family is checked.
 * `search` replaces the API call (tests).
 */
export function SatProductField({
  search = searchSatProducts,
  ...field
}: CatalogCodeInputProps & {
  /** Shown under the field until a code of the catalogue is chosen. */
  hint: string;
  search?: (text: string) => Promise<SatProduct[]>;
}) {
  const { t } = useTranslation('catalogs');
  return (
    <CatalogCodeField<SatProduct, SatProduct[]>
      {...field}
      search={search}
      queryKey={satProductsKey}
      items={(answer) => answer ?? []}
      // Characters typed before the catalogue is searched.
      minSearch={2}
      isCode={(text) => SAT_PRODUCT_CODE_PATTERN.test(text)}
      describe={(product) => product.description}
      notLoaded={(_, error) =>
        error instanceof ApiError && error.code === 'SAT_PRODUCTS_NOT_LOADED'
      }
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
