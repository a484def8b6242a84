import {
  addBusinessDays,
  billableWeightKg,
  carrierByKey,
  mexicoDate,
  type CarrierServiceDefinition,
} from '@despacho/domain';
import type { CarrierRate, RateRequest } from '../carrier-adapter';
import { FEDEX_SERVICES } from './fedex-mapping';
import type { FedexRateReply } from './fedex-wire';

const TRANSIT_WORDS = [
  'ONE', 'TWO', 'THREE', 'FOUR', 'FIVE', 'SIX', 'SEVEN', 'EIGHT', 'NINE', 'TEN',
  'ELEVEN', 'TWELVE', 'THIRTEEN', 'FOURTEEN', 'FIFTEEN', 'SIXTEEN', 'SEVENTEEN', 'EIGHTEEN',
  'NINETEEN', 'TWENTY',
]; // prettier-ignore

/** "THREE_DAYS" → 3. */
function transitDaysOf(text: string | undefined): number | null {
  const index = TRANSIT_WORDS.indexOf(text?.split('_')[0] ?? '');
  return index < 0 ? null : index + 1;
}

const cents = (amount: number) => Math.round(amount * 100);

/** Surcharges FedEx adds for a delivery outside its regular area: our "extended zone". */
const AREA_SURCHARGES = new Set([
  'OUT_OF_DELIVERY_AREA',
  'DELIVERY_AREA',
  'EXTENDED_DELIVERY_AREA',
]);

/**
 * One service's price in pesos, before VAT: FedEx's net charge less its taxes, split into the
 * fuel surcharge, the out-of-area surcharge (our extended zone) and the rest as the base.
 */
function rateOf(
  reply: FedexRateReply,
  service: CarrierServiceDefinition,
  shipDate: Date,
  billable: number,
): CarrierRate | null {
  // In pesos, and the account's negotiated price before any list price.
  const inPesos = reply.ratedShipmentDetails.filter((rated) =>
    ['NMP', 'MXN'].includes(rated.currency ?? rated.shipmentRateDetail?.currency ?? ''),
  );
  const detail = inPesos.find((rated) => !rated.rateType?.startsWith('LIST')) ?? inPesos[0];
  if (!detail) return null;
  const rateDetail = detail.shipmentRateDetail;
  const surcharges = rateDetail?.surCharges ?? [];
  const sum = (wanted: (type: string) => boolean) =>
    cents(surcharges.filter((charge) => wanted(charge.type)).reduce((a, c) => a + c.amount, 0));
  const fuelSurcharge = sum((type) => type === 'FUEL');
  const extendedZoneSurcharge = sum((type) => AREA_SURCHARGES.has(type));
  const beforeTax = cents(detail.totalNetCharge - (rateDetail?.totalTaxes ?? 0));
  const days =
    transitDaysOf(reply.operationalDetail?.transitTime) ??
    transitDaysOf(reply.commit?.transitDays?.minimumTransitTime);
  const transitDays = days === null ? service.transitDays : { min: days, max: days };
  const delivery =
    reply.commit?.dateDetail?.dayFormat ??
    reply.operationalDetail?.commitDate ??
    reply.operationalDetail?.deliveryDate;
  const weight = rateDetail?.totalBillingWeight;
  return {
    serviceKey: service.key,
    zone: Number(rateDetail?.rateZone?.replace(/\D/g, '') || 1),
    billableWeightKg: weight?.units === 'KG' ? weight.value : billable,
    base: beforeTax - fuelSurcharge - extendedZoneSurcharge,
    fuelSurcharge,
    extendedZoneSurcharge,
    extendedZone: extendedZoneSurcharge > 0,
    transitDays,
    estimatedDelivery: delivery
      ? delivery.slice(0, 10)
      : addBusinessDays(mexicoDate(shipDate), transitDays.max),
  };
}

/**
 * FedEx's rate replies as our rates: only the catalogue's services, and only the international
 * ones for a parcel abroad (the domestic ones otherwise).
 */
export function fedexRates(replies: FedexRateReply[], request: RateRequest): CarrierRate[] {
  const services = carrierByKey('fedex')!.services;
  const international = (request.originCountry ?? 'MX') !== (request.destinationCountry ?? 'MX');
  const billable = request.parcels.reduce((sum, parcel) => sum + billableWeightKg(parcel), 0);
  return replies.flatMap((reply) => {
    const service = services.find((known) => known.key === FEDEX_SERVICES[reply.serviceType]);
    if (!service || Boolean(service.international) !== international) return [];
    const rate = rateOf(reply, service, request.shipDate, billable);
    return rate ? [rate] : [];
  });
}
