import type { ErrorCode } from '../errors';
import { addBusinessDays, mexicoDate } from './business-days';

/**
 * Cancelling a guide: allowed while it is unused and younger than 73 hours; the refund of its
 * price reaches the balance within 7 business days of the request.
 */
export const CANCELLATION_WINDOW_HOURS = 73;
export const REFUND_MAX_BUSINESS_DAYS = 7;

/** The first instant a guide can no longer be cancelled: the window is open before it. */
export function cancellationDeadline(createdAt: Date): Date {
  return new Date(createdAt.getTime() + CANCELLATION_WINDOW_HOURS * 60 * 60 * 1000);
}

export interface CancellableGuide {
  createdAt: Date;
  status: 'created' | 'collected' | 'delivered' | 'delayed' | 'cancelled';
  cancellationRequested: boolean;
}

export type CancellationRefusal = Extract<
  ErrorCode,
  'CANCELLATION_WINDOW_EXPIRED' | 'GUIDE_ALREADY_USED' | 'GUIDE_ALREADY_CANCELLED'
>;

/**
 * Why a guide cannot be cancelled now, or null when it can. A cancelled guide says so first,
 * whatever its age; then a used one (any status past `created` means the carrier scanned it at
 * collection), since waiting would not help; then the 73 hours.
 */
export function cancellationRefusal(
  guide: CancellableGuide,
  now: Date,
): CancellationRefusal | null {
  if (guide.status === 'cancelled' || guide.cancellationRequested) return 'GUIDE_ALREADY_CANCELLED';
  if (guide.status !== 'created') return 'GUIDE_ALREADY_USED';
  if (now.getTime() >= cancellationDeadline(guide.createdAt).getTime()) {
    return 'CANCELLATION_WINDOW_EXPIRED';
  }
  return null;
}

/** The Mexico City day the refund of a cancellation requested at `requestedAt` arrives by. */
export function refundDueBy(requestedAt: Date): string {
  return addBusinessDays(mexicoDate(requestedAt), REFUND_MAX_BUSINESS_DAYS);
}
