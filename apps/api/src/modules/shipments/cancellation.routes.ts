import { shipmentDetailSchema, shipmentParamsSchema } from '@despacho/domain';
import { z } from 'zod';
import { organizationOf } from '../../platform/auth';
import type { AppDeps, AppModule } from '../../platform/module';
import { NotificationsService } from '../notifications/notifications.service';
import { LedgerService } from '../wallet/ledger.service';
import { CancellationService, CONFIRM_CANCELLATION_JOB } from './cancellation.service';
import { ShipmentsService } from './shipments.service';
import { TrackingService } from './tracking.service';

export function cancellationService(deps: AppDeps) {
  return new CancellationService({
    ...deps,
    ledger: new LedgerService(deps),
    tracking: new TrackingService(deps),
    notifications: new NotificationsService(deps),
  });
}

/** `POST shipments/:id/cancellation`, and the job that completes it when the carrier confirms. */
export const cancellationRoutes: AppModule = async (app, deps) => {
  const cancellation = cancellationService(deps);
  const shipments = new ShipmentsService(deps);
  deps.jobs.register(CONFIRM_CANCELLATION_JOB, cancellation.confirmJob);

  app.post(
    '/shipments/:id/cancellation',
    {
      config: { access: 'shipments.create_shipment' },
      schema: {
        tags: ['shipments'],
        security: [{ bearer: [] }],
        description:
          'Asks the carrier to cancel the guide: 202 with the guide, its `cancellation_requested_at` ' +
          'set and `refund_due_by` the Mexico City day by which the refund reaches the balance (7 ' +
          'business days). When the carrier confirms, the guide becomes cancelled and its whole ' +
          'charge is refunded. Refused with 409 CANCELLATION_WINDOW_EXPIRED (73 hours after its ' +
          'creation), GUIDE_ALREADY_USED (collected) or GUIDE_ALREADY_CANCELLED (cancelled or ' +
          'already asked); 502 CANCELLATION_REJECTED when the carrier refuses.',
        params: shipmentParamsSchema,
        response: { 202: z.object({ data: shipmentDetailSchema }) },
      },
    },
    async (request, reply) => {
      const organizationId = organizationOf(request);
      await cancellation.request(organizationId, request.params.id);
      const data = await shipments.get(organizationId, request.params.id, request.language);
      return reply.status(202).send({ data });
    },
  );
};
