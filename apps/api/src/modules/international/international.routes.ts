import { internationalContract, staffInternationalContract } from '@despacho/domain';
import { authOf, organizationOf } from '../../platform/auth';
import { implement } from '../../platform/contract-routes';
import { sendDownload } from '../../platform/download';
import { idempotencyKeyOf } from '../../platform/idempotency-key';
import type { AppModule } from '../services';

/** International courier shipments, as `internationalContract` declares them. */
export const internationalRoutes: AppModule = async (app, { international }) => {
  implement(app, internationalContract, {
    quote: async (request, reply) =>
      reply.status(201).send({
        data: await international.quote(
          organizationOf(request),
          authOf(request).userId,
          request.body,
          request.language,
        ),
      }),
    getQuote: async (request) => ({
      data: await international.getQuote(
        organizationOf(request),
        request.params.id,
        request.language,
      ),
    }),
    create: async (request, reply) => {
      const { shipment, replayed } = await international.create(
        organizationOf(request),
        authOf(request).userId,
        idempotencyKeyOf(request),
        request.body,
        request.language,
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(replayed ? 200 : 201).send({ data: shipment });
    },
    list: async (request) =>
      international.list(organizationOf(request), request.query, request.language),
    get: async (request) => ({
      data: await international.get(organizationOf(request), request.params.id, request.language),
    }),
    label: async (request, reply) => {
      const label = await international.label(organizationOf(request), request.params.id);
      return sendDownload(reply, { ...label, type: 'application/pdf' });
    },
    // 202: the carrier is asked; the guide is cancelled and refunded once it confirms.
    cancel: async (request, reply) =>
      reply.status(202).send({
        data: await international.cancel(
          organizationOf(request),
          request.params.id,
          request.language,
        ),
      }),
    commercialInvoice: async (request, reply) =>
      sendDownload(
        reply,
        await international.commercialInvoice(
          organizationOf(request),
          request.params.id,
          request.language,
        ),
      ),
  });
};

/** The international console, as `staffInternationalContract` declares it. */
export const staffInternationalRoutes: AppModule = async (
  app,
  { internationalRates: rates, customs },
) => {
  const staffId = (request: Parameters<typeof authOf>[0]) => authOf(request).userId;
  implement(app, staffInternationalContract, {
    dutyRates: async (request) => rates.dutyRates(request.query),
    createDutyRate: async (request, reply) =>
      reply.status(201).send({ data: await rates.saveDutyRate(staffId(request), request.body) }),
    updateDutyRate: async (request) => ({
      data: await rates.saveDutyRate(staffId(request), request.body, request.params.id),
    }),
    exchangeRates: async (request) => rates.exchangeRates(request.query),
    createExchangeRate: async (request, reply) =>
      reply
        .status(201)
        .send({ data: await rates.saveExchangeRate(staffId(request), request.body) }),
    updateExchangeRate: async (request) => ({
      data: await rates.saveExchangeRate(staffId(request), request.body, request.params.id),
    }),
    restrictions: async (request) => rates.restrictions(request.query),
    createRestriction: async (request, reply) =>
      reply.status(201).send({ data: await rates.saveRestriction(staffId(request), request.body) }),
    updateRestriction: async (request) => ({
      data: await rates.saveRestriction(staffId(request), request.body, request.params.id),
    }),
    shipments: async (request) => customs.staffList(request.query, request.language),
    setCustomsStatus: async (request) => ({
      data: await customs.setStatus(
        staffId(request),
        request.params.id,
        request.body,
        request.language,
      ),
    }),
  });
};
