import type { Language } from '../language';
import { z } from '../validation';
import { CARRIER_STATUSES, TRACKING_CODES, type TrackingCode } from './schemas';

/**
 * Tracking: the carriers' status pushes (`POST webhooks/carriers/{carrier}`, signed like the SPEI
 * webhook) and the texts of the timeline that the guide detail and the public page show.
 */
export const CARRIER_WEBHOOK = {
  /** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.rawBody">`; several v1 while rotating secrets. */
  signatureHeader: 'x-despacho-signature',
  /** A push signed more than this many seconds away from our clock is refused. */
  toleranceSeconds: 300,
} as const;

/** One status push of a carrier: its own event id makes a repeated push a no-op. */
export const carrierWebhookSchema = z.object({
  event_id: z.string().trim().min(1).max(100),
  tracking_number: z.string().trim().min(1).max(40),
  status: z.enum(CARRIER_STATUSES),
  code: z.enum(TRACKING_CODES),
  /** Where it happened, as the carrier names it (a city or a facility). */
  location: z.string().trim().max(120).nullish(),
  /** The carrier's time of the event, with its offset. */
  occurred_at: z.iso.datetime({ offset: true }),
});
export type CarrierWebhookEvent = z.infer<typeof carrierWebhookSchema>;

/**
 * What a push did: `applied` moved the guide's status, `recorded` only joined the timeline (an
 * event older than the latest, or a guide already delivered or cancelled), `duplicate` was
 * already stored.
 */
export const TRACKING_EVENT_OUTCOMES = ['applied', 'recorded', 'duplicate'] as const;
export type TrackingEventOutcome = (typeof TRACKING_EVENT_OUTCOMES)[number];

export const carrierWebhookAnswerSchema = z.object({
  status: z.enum(TRACKING_EVENT_OUTCOMES),
});

/**
 * The public tracking page of a guide in the web app (no sign-in); the API's links put the
 * configured public address (`APP_URL`) before it, the web its own origin.
 */
export const trackingPagePath = (trackingNumber: string) =>
  `/t/${encodeURIComponent(trackingNumber)}`;

/** `GET tracking/{trackingNumber}`. */
export const trackingParamsSchema = z.object({ trackingNumber: z.string().trim().max(40) });

/** `POST webhooks/carriers/{carrier}`: any string, an unknown carrier answers 404. */
export const carrierWebhookParamsSchema = z.object({ carrier: z.string().max(64) });

const TRACKING_TEXTS: Record<TrackingCode, Record<Language, string>> = {
  label_created: { es: 'Guía creada', en: 'Label created' },
  picked_up: { es: 'Paquete recolectado', en: 'Package picked up' },
  in_transit: { es: 'En tránsito', en: 'In transit' },
  arrived_at_hub: { es: 'Llegó al centro de distribución', en: 'Arrived at the hub' },
  out_for_delivery: { es: 'En ruta de entrega', en: 'Out for delivery' },
  delayed_weather: {
    es: 'Retraso por condiciones climáticas',
    en: 'Delayed by weather conditions',
  },
  delayed_operations: { es: 'Retraso operativo', en: 'Operational delay' },
  delivery_attempted: {
    es: 'Intento de entrega sin éxito',
    en: 'Delivery attempted',
  },
  delivered: { es: 'Entregado', en: 'Delivered' },
  cancelled: { es: 'Guía cancelada', en: 'Label cancelled' },
};

/** The timeline text of an event code, in the reader's language. */
export function trackingDescription(code: TrackingCode, language: Language): string {
  return TRACKING_TEXTS[code][language];
}
