import {
  pageSchema,
  pickupAvailabilityQuerySchema,
  pickupCreateSchema,
  pickupDaySchema,
  pickupsQuerySchema,
  pickupViewSchema,
} from '@despacho/domain';
import { z } from 'zod';
import { authOf, organizationOf } from '../../platform/auth';
import type { AppModule } from '../services';

const tags = ['pickups'];
const security = [{ bearer: [] }];

/** The pickup screen (`pickup`): availability, the organization's pickups, new requests. */
export const pickupsRoutes: AppModule = async (app, deps) => {
  const { pickups } = deps;
  const access = { config: { access: 'shipments.pickup' as const } };

  app.get(
    '/pickups/availability',
    {
      ...access,
      schema: {
        tags,
        security,
        description:
          'The business days (today up to the cut-off, then the next ones; no weekends or ' +
          'Mexican holidays) and time windows the carrier can collect at the location. When it ' +
          'offers none, 409 PICKUP_NO_BUSINESS_DAYS with the message to show.',
        querystring: pickupAvailabilityQuerySchema,
        response: { 200: z.object({ data: z.array(pickupDaySchema) }) },
      },
    },
    async (request) => ({
      data: await pickups.availability(organizationOf(request), request.query),
    }),
  );

  app.get(
    '/pickups',
    {
      ...access,
      schema: {
        tags,
        security,
        description:
          'One page of pickups, newest day first: confirmation number, day and window, carrier, ' +
          'status, and the packages, total weight and tracking numbers of its guides (cancelled ' +
          'guides left out).',
        querystring: pickupsQuerySchema,
        response: { 200: pageSchema(pickupViewSchema) },
      },
    },
    async (request) => pickups.list(organizationOf(request), request.query),
  );

  app.post(
    '/pickups',
    {
      ...access,
      schema: {
        tags,
        security,
        description:
          'Requests a pickup for 1 to 50 guides of one carrier and origin that are purchased, not ' +
          'yet collected and without a pickup (else 409 PICKUP_SHIPMENTS_MIXED or ' +
          'PICKUP_SHIPMENTS_NOT_ELIGIBLE; a guide of another organization 404). The day and range ' +
          'must be offered by the carrier: PICKUP_NOT_BUSINESS_DAY (weekend, holiday), ' +
          'PICKUP_CUTOFF_PASSED (today after the cut-off), PICKUP_DATE_OUT_OF_RANGE, ' +
          'PICKUP_NO_SCHEDULES (no window holds the range). A carrier refusal is 502 PICKUP_REJECTED.',
        body: pickupCreateSchema,
        response: { 201: z.object({ data: pickupViewSchema }) },
      },
    },
    async (request, reply) => {
      const data = await pickups.create(
        organizationOf(request),
        authOf(request).userId,
        request.body,
      );
      return reply.status(201).send({ data });
    },
  );
};
