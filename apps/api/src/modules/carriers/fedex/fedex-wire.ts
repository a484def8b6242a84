import { z } from 'zod';

/**
 * The parts of FedEx's REST answers the adapter reads (Rate, Ship, Track, Pickup, Trade
 * Documents APIs), checked before use: an answer without them is `malformed`, never a crash
 * further in. Everything else FedEx sends is ignored.
 */

const money = z.number();

const surcharge = z.object({ type: z.string(), amount: money });

export const rateAnswer = z.object({
  output: z.object({
    rateReplyDetails: z
      .array(
        z.object({
          serviceType: z.string(),
          ratedShipmentDetails: z.array(
            z.object({
              rateType: z.string().optional(),
              currency: z.string().optional(),
              totalNetCharge: money,
              shipmentRateDetail: z
                .object({
                  rateZone: z.string().optional(),
                  currency: z.string().optional(),
                  totalTaxes: money.optional(),
                  surCharges: z.array(surcharge).optional(),
                  totalBillingWeight: z.object({ units: z.string(), value: z.number() }).optional(),
                })
                .optional(),
            }),
          ),
          commit: z
            .object({
              transitDays: z.object({ minimumTransitTime: z.string().optional() }).optional(),
              dateDetail: z.object({ dayFormat: z.string().optional() }).optional(),
            })
            .optional(),
          operationalDetail: z
            .object({
              commitDate: z.string().optional(),
              deliveryDate: z.string().optional(),
              transitTime: z.string().optional(),
            })
            .optional(),
        }),
      )
      .default([]),
  }),
});
export type FedexRateReply = z.infer<typeof rateAnswer>['output']['rateReplyDetails'][number];

export const shipAnswer = z.object({
  transactionId: z.string().optional(),
  output: z.object({
    transactionShipments: z
      .array(
        z.object({
          masterTrackingNumber: z.string().optional(),
          pieceResponses: z
            .array(
              z.object({
                trackingNumber: z.string(),
                packageDocuments: z
                  .array(
                    z.object({
                      contentType: z.string().optional(),
                      docType: z.string().optional(),
                      encodedLabel: z.string().min(1),
                    }),
                  )
                  .min(1),
              }),
            )
            .min(1),
        }),
      )
      .min(1),
  }),
});

export const cancelAnswer = z.object({
  output: z.object({
    cancelledShipment: z.boolean(),
    message: z.string().optional(),
    successMessage: z.string().optional(),
  }),
});

const scanLocation = z
  .object({
    city: z.string().optional(),
    stateOrProvinceCode: z.string().optional(),
    countryCode: z.string().optional(),
  })
  .optional();

export const trackAnswer = z.object({
  output: z.object({
    completeTrackResults: z
      .array(
        z.object({
          trackResults: z.array(
            z.object({
              error: z.object({ code: z.string(), message: z.string().optional() }).optional(),
              scanEvents: z
                .array(
                  z.object({
                    date: z.string(),
                    eventType: z.string().optional(),
                    derivedStatusCode: z.string().optional(),
                    eventDescription: z.string().default(''),
                    exceptionDescription: z.string().default(''),
                    scanLocation,
                  }),
                )
                .default([]),
            }),
          ),
        }),
      )
      .min(1),
  }),
});
export type FedexScanEvent = z.infer<
  typeof trackAnswer
>['output']['completeTrackResults'][number]['trackResults'][number]['scanEvents'][number];

export const pickupAvailabilityAnswer = z.object({
  output: z.object({
    options: z
      .array(
        z.object({
          carrier: z.string().optional(),
          available: z.boolean(),
          pickupDate: z.string(),
          cutOffTime: z.string().optional(),
          defaultReadyTime: z.string().optional(),
          readyTimeOptions: z.array(z.string()).optional(),
          latestTimeOptions: z.array(z.string()).optional(),
        }),
      )
      .default([]),
  }),
});

export const pickupAnswer = z.object({
  output: z.object({
    pickupConfirmationCode: z.string().min(1),
    location: z.string().optional(),
  }),
});

export const pickupCancelAnswer = z.object({
  output: z.object({ pickupConfirmationCode: z.string().optional() }),
});

export const documentUploadAnswer = z.object({
  output: z.object({ meta: z.object({ docId: z.string().min(1) }) }),
});
