import {
  hasPermission,
  quotesContract,
  QUOTE_VALIDITY_MINUTES,
  type PackageUnit,
  type ParcelInput,
  type PermissionKey,
  type QuoteRequestInput,
} from '@despacho/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call, queryKeys } from '../../lib/api-client';
import { carriersApi, carriersKeys } from '../../lib/api/carriers';
import { unwrap } from '../../lib/http';
import { useSession } from '../../lib/useSession';

/**
 * The quote calls of the quick quote and of the quote step of create shipment (decision 017):
 * `POST quotes` answers the rates of every enabled carrier and keeps them server-side, so the
 * purchase charges the price shown. Also the lookups those screens need (saved packages,
 * enabled carriers).
 */
export const quotesKeys = queryKeys(quotesContract);

export const quotesApi = {
  create: (request: QuoteRequestInput) => unwrap(call(quotesContract.create, { body: request })),
};

/**
 * Whether the signed-in user may call an API that needs `permission`. Screens ask before
 * calling: a 403 on the current token ends the session (lib/http.ts), so a shipping-only user
 * must never be sent to a settings call they do not hold.
 */
export function useCan(): (...anyOf: PermissionKey[]) => boolean {
  const permissions = useSession()?.user.permissions ?? [];
  return (...anyOf) => anyOf.some((permission) => hasPermission(permissions, permission));
}

/**
 * Locations, customers and saved packages are readable by whoever creates shipments (the API
 * opens their read calls to the shipping permissions that pick from them), not only by who manages them.
 */
export const READS_FOR_SHIPPING = {
  locations: ['settings.address_book', 'shipments.create_shipment', 'shipments.quick_quote'],
  customers: ['ecommerce.clients', 'shipments.create_shipment'],
  packages: ['settings.packages', 'shipments.create_shipment', 'shipments.quick_quote'],
} as const satisfies Record<string, PermissionKey[]>;

/** The quick quote: one quote per click on "Cotizar". */
export function useQuickQuote() {
  return useMutation({ mutationFn: quotesApi.create });
}

/**
 * The wizard's quote of `request` (null: not yet asked). The same zips and parcels reuse the
 * stored quote while its prices hold; any change is a new key, hence a new quote.
 */
export function useQuoteFor(request: QuoteRequestInput | null) {
  return useQuery({
    // A quote asked for exactly these zips and parcels (the wizard re-quotes when they change).
    queryKey: quotesKeys.create({
      body: request ?? { origin_zip: '', destination_zip: '', parcels: [] },
    }),
    queryFn: () => quotesApi.create(request!),
    enabled: request !== null,
    // Five minutes short of the quote's validity, so a purchase never meets an expired one.
    staleTime: (QUOTE_VALIDITY_MINUTES - 5) * 60_000,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useEnabledCarriers() {
  return useQuery({ queryKey: carriersKeys.enabled(), queryFn: carriersApi.enabled });
}

/** A parcel as the forms hold it: numbers stay undefined until typed. */
export interface ParcelDraft {
  package_id?: string | null;
  unit?: PackageUnit;
  length?: number;
  width?: number;
  height?: number;
  weight?: number;
}

/** The parcel a quote is asked for: a saved package's id travels with its measures and unit. */
export const parcelOf = (draft: ParcelDraft): ParcelInput => ({
  package_id: draft.package_id ?? null,
  unit: draft.unit ?? 'cm_kg',
  length: draft.length as number,
  width: draft.width as number,
  height: draft.height as number,
  weight: draft.weight as number,
});

/**
 * The quick quote hands its zips, parcel and chosen rate to create shipment in the URL, so the
 * link can be opened in a new tab or shared; `parsePrefill` reads back only well-formed values.
 */
export interface ShipmentPrefill {
  origin_zip?: string;
  destination_zip?: string;
  parcel?: ParcelDraft;
  rate_id?: string;
}

export function prefillSearch(prefill: ShipmentPrefill): string {
  const params = new URLSearchParams();
  if (prefill.origin_zip) params.set('origin_zip', prefill.origin_zip);
  if (prefill.destination_zip) params.set('destination_zip', prefill.destination_zip);
  if (prefill.rate_id) params.set('rate', prefill.rate_id);
  const parcel = prefill.parcel;
  if (parcel) {
    if (parcel.package_id) params.set('package_id', parcel.package_id);
    params.set('unit', parcel.unit ?? 'cm_kg');
    for (const key of ['length', 'width', 'height', 'weight'] as const) {
      if (parcel[key] !== undefined) params.set(key, String(parcel[key]));
    }
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

const ZIP = /^\d{5}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function parsePrefill(params: URLSearchParams): ShipmentPrefill {
  const zip = (name: string) => {
    const value = params.get(name)?.trim();
    return value && ZIP.test(value) ? value : undefined;
  };
  const number = (name: string) => {
    const value = Number(params.get(name));
    return params.has(name) && Number.isFinite(value) && value > 0 ? value : undefined;
  };
  const unit = params.get('unit') === 'in_lb' ? 'in_lb' : 'cm_kg';
  const packageId = params.get('package_id');
  const measures = {
    length: number('length'),
    width: number('width'),
    height: number('height'),
    weight: number('weight'),
  };
  const hasParcel = Object.values(measures).some((value) => value !== undefined);
  const rate = params.get('rate')?.trim();
  return {
    origin_zip: zip('origin_zip'),
    destination_zip: zip('destination_zip'),
    parcel: hasParcel
      ? { package_id: packageId && UUID.test(packageId) ? packageId : null, unit, ...measures }
      : undefined,
    rate_id: rate && rate.length <= 80 ? rate : undefined,
  };
}
