import { SAT_COMMON_UNITS, type SatUnit, type SatUnitsAnswer } from '@despacho/domain';
import { useTranslation } from 'react-i18next';
import { satUnitsKey, searchSatUnits } from '../lib/sat-units';
import { CatalogCodeField, type CatalogCodeInputProps } from './CatalogCodeField';

/** Text that is a whole key, as the catalogue writes them (a few are mixed case, e.g. "Ohm"). */
const WHOLE_KEY = /^[A-Za-z0-9]{2,3}$/;
const COMMON: readonly SatUnit[] = SAT_COMMON_UNITS;

/**
 * A SAT unit key (c_ClaveUnidad) field for the products of a Carta Porte waybill: empty, it
 * offers the common units; typing searches the catalogue by key prefix or name words and offers
 * "H87 — Pieza"; choosing one, or typing a key, shows its name under the field. The value is what
 * the input holds. Without the imported catalogue the API answers the common units and the field
 * says any well-formed key is taken. `search` replaces the API call (tests).
 */
export function SatUnitField({
  search = searchSatUnits,
  ...field
}: CatalogCodeInputProps & {
  search?: (text: string) => Promise<SatUnitsAnswer>;
}) {
  const { t } = useTranslation('catalogs');
  return (
    <CatalogCodeField<SatUnit, SatUnitsAnswer>
      {...field}
      search={search}
      queryKey={satUnitsKey}
      items={(answer) => answer?.data ?? []}
      // Nothing typed: the common units, without asking the server.
      minSearch={1}
      idle={COMMON}
      isCode={(text) => WHOLE_KEY.test(text)}
      describe={(unit) => unit.name}
      notLoaded={(answer) => answer?.meta.catalogue_loaded === false}
      nameTestId="sat-unit-name"
      texts={{
        placeholder: t('satUnit.placeholder'),
        notInCatalogue: t('satUnit.notInCatalogue'),
        notLoadedTitle: t('satUnit.notLoaded.title'),
        notLoadedBody: t('satUnit.notLoaded.body'),
      }}
    />
  );
}
