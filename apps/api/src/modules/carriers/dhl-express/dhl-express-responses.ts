import { z } from 'zod';
import { ProviderError } from '../../../platform/provider-calls';

/**
 * The parts of MyDHL's answers Despacho reads, checked before use: an answer without them is
 * `malformed` (DHL changed or broke its contract), never a crash further on.
 */

const price = z.object({
  currencyType: z.string().optional(),
  priceCurrency: z.string().optional(),
  price: z.number(),
});

const dhlProductSchema = z.object({
  productCode: z.string(),
  productName: z.string().optional(),
  weight: z
    .object({ volumetric: z.number().optional(), provided: z.number().optional() })
    .optional(),
  totalPrice: z.array(price),
  totalPriceBreakdown: z
    .array(
      z.object({
        currencyType: z.string().optional(),
        priceBreakdown: z.array(z.object({ typeCode: z.string(), price: z.number() })).optional(),
      }),
    )
    .optional(),
  detailedPriceBreakdown: z
    .array(
      z.object({
        currencyType: z.string().optional(),
        breakdown: z
          .array(
            z.object({
              name: z.string().optional(),
              serviceCode: z.string().optional(),
              price: z.number(),
            }),
          )
          .optional(),
      }),
    )
    .optional(),
  deliveryCapabilities: z
    .object({
      estimatedDeliveryDateAndTime: z.string().optional(),
      totalTransitDays: z.number().optional(),
    })
    .optional(),
});
export type DhlProduct = z.infer<typeof dhlProductSchema>;

export const dhlRatesSchema = z.object({ products: z.array(dhlProductSchema) });

export const dhlShipmentCreatedSchema = z.object({
  shipmentTrackingNumber: z.string().min(1),
  packages: z.array(z.object({ trackingNumber: z.string() })).default([]),
  documents: z.array(
    z.object({ imageFormat: z.string(), content: z.string(), typeCode: z.string() }),
  ),
});

const postalAddress = z
  .object({ postalAddress: z.object({ countryCode: z.string().optional() }).optional() })
  .optional();

export const dhlTrackingSchema = z.object({
  shipments: z.array(
    z.object({
      shipmentTrackingNumber: z.coerce.string(),
      productCode: z.string().optional(),
      totalWeight: z.number().optional(),
      shipperDetails: postalAddress,
      receiverDetails: postalAddress,
      events: z
        .array(
          z.object({
            date: z.string(),
            time: z.string(),
            GMTOffset: z.string().optional(),
            typeCode: z.string(),
            description: z.string().optional(),
            serviceArea: z.array(z.object({ description: z.string().optional() })).optional(),
          }),
        )
        .default([]),
      pieces: z.array(z.object({ weight: z.number().optional() })).optional(),
    }),
  ),
});
export type DhlTrackedShipment = z.infer<typeof dhlTrackingSchema>['shipments'][number];

export const dhlPickupCreatedSchema = z.object({
  dispatchConfirmationNumbers: z.array(z.string().min(1)).min(1),
});

export const dhlPickupUpdatedSchema = z.object({
  dispatchConfirmationNumber: z.string().min(1).optional(),
});

export const dhlAddressValidatedSchema = z.object({ address: z.array(z.unknown()).default([]) });

/** DHL's answer read with `schema`, or `malformed` naming the first field that did not fit. */
export function parseDhl<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new ProviderError(
    'dhl_express',
    'malformed',
    `unexpected answer: ${issue?.path.join('.') || '(root)'} ${issue?.message ?? ''}`.trim(),
  );
}
