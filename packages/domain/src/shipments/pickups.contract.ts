import { defineContract, defineOperation } from '../contract';
import { idParamsSchema } from '../ids';
import { pageSchema } from '../pagination';
import { z } from '../validation';
import {
  pickupAvailabilityQuerySchema,
  pickupCreateSchema,
  pickupDaySchema,
  pickupSlotSchema,
  pickupsQuerySchema,
  pickupViewSchema,
} from './pickups';

const access = 'shipments.pickup';
const onePickup = z.object({ data: pickupViewSchema });
/** What refuses a change to a pickup, for both changes. */
const CHANGE_REFUSALS =
  '409 PICKUP_ALREADY_CANCELLED, PICKUP_ALREADY_COLLECTED, or PICKUP_CHANGE_CUTOFF_PASSED ' +
  '(its day is over, or it is today and the carrier’s cut-off has passed); another ' +
  'organization’s pickup is 404.';

/**
 * The pickup screen (`pickup`): availability, the organization's pickups, new requests, and
 * cancelling or rescheduling a requested one. The API
 * implements it in modules/shipments/pickups.routes.ts, the web calls it from
 * features/shipments/pickups-api.ts.
 */
export const pickupsContract = defineContract('pickups', {
  availability: defineOperation({
    method: 'GET',
    path: '/pickups/availability',
    access,
    description:
      'The business days (today up to the cut-off, then the next ones; no weekends or ' +
      'Mexican holidays) and time windows the carrier can collect at the location. When it ' +
      'offers none, 409 PICKUP_NO_BUSINESS_DAYS with the message to show.',
    query: pickupAvailabilityQuerySchema,
    responses: { 200: z.object({ data: z.array(pickupDaySchema) }) },
  }),
  list: defineOperation({
    method: 'GET',
    path: '/pickups',
    access,
    description:
      'One page of pickups, newest day first: confirmation number, day and window, carrier, ' +
      'status (a cancelled guide leaves its pickup; one left without guides is cancelled), the ' +
      'packages, total weight and tracking numbers of its guides, and whether it may still be ' +
      'cancelled or rescheduled (`changeable`).',
    query: pickupsQuerySchema,
    responses: { 200: pageSchema(pickupViewSchema) },
  }),
  create: defineOperation({
    method: 'POST',
    path: '/pickups',
    access,
    description:
      'Requests a pickup for 1 to 50 guides of one carrier and origin that are purchased, not ' +
      'yet collected and without a pickup (else 409 PICKUP_SHIPMENTS_MIXED or ' +
      'PICKUP_SHIPMENTS_NOT_ELIGIBLE; a guide of another organization 404). The day and range ' +
      'must be offered by the carrier: PICKUP_NOT_BUSINESS_DAY (weekend, holiday), ' +
      'PICKUP_CUTOFF_PASSED (today after the cut-off), PICKUP_DATE_OUT_OF_RANGE, ' +
      'PICKUP_NO_SCHEDULES (no window holds the range). A carrier refusal is 502 PICKUP_REJECTED.',
    body: pickupCreateSchema,
    responses: { 201: onePickup },
  }),
  cancel: defineOperation({
    method: 'POST',
    path: '/pickups/:id/cancel',
    access,
    description:
      'Calls off a requested pickup with the carrier; it becomes cancelled and its guides wait ' +
      'for a pickup again. ' +
      CHANGE_REFUSALS +
      ' A carrier refusal is 502 PICKUP_CANCEL_REJECTED and changes nothing.',
    params: idParamsSchema,
    responses: { 200: onePickup },
  }),
  reschedule: defineOperation({
    method: 'POST',
    path: '/pickups/:id/reschedule',
    access,
    description:
      'Moves a requested pickup to another day and range, checked as for a new pickup ' +
      '(PICKUP_NOT_BUSINESS_DAY, PICKUP_CUTOFF_PASSED, PICKUP_DATE_OUT_OF_RANGE, ' +
      'PICKUP_NO_SCHEDULES); its guides follow it. ' +
      CHANGE_REFUSALS +
      ' A carrier refusal is 502 PICKUP_REJECTED and changes nothing.',
    params: idParamsSchema,
    body: pickupSlotSchema,
    responses: { 200: onePickup },
  }),
});
