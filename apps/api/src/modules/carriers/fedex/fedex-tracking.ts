import type { CarrierTrackingEvent } from '../carrier-adapter';
import { trackingMovement } from './fedex-mapping';
import type { FedexScanEvent } from './fedex-wire';

/**
 * A guide's FedEx scans as our timeline, oldest first. FedEx gives scans no id: the code and the
 * instant make one, so a scan polled twice is one event.
 */
export function fedexEvents(
  trackingNumber: string,
  scans: FedexScanEvent[],
): CarrierTrackingEvent[] {
  const events = scans.flatMap((scan) => {
    const movement = trackingMovement(
      scan.eventType,
      scan.derivedStatusCode,
      `${scan.eventDescription} ${scan.exceptionDescription}`,
    );
    const occurredAt = new Date(scan.date);
    if (!movement || Number.isNaN(occurredAt.getTime())) return [];
    const place = scan.scanLocation;
    const location = [place?.city, place?.stateOrProvinceCode, place?.countryCode]
      .filter(Boolean)
      .join(', ');
    return [
      {
        id: `${trackingNumber}:${scan.eventType ?? scan.derivedStatusCode}:${scan.date}`,
        ...movement,
        location: location || null,
        occurredAt,
      },
    ];
  });
  // FedEx lists the newest scan first; the timeline reads oldest first.
  return events.sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
}
