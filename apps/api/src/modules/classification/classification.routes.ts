import { classificationContract, staffClassificationContract } from '@despacho/domain';
import { authOf, organizationOf } from '../../platform/auth';
import { implement } from '../../platform/contract-routes';
import { sendDownload } from '../../platform/download';
import type { AppModule } from '../services';

/** `tariff-classification`, as `classificationContract` declares it. */
export const classificationRoutes: AppModule = async (app, { classification }) => {
  implement(app, classificationContract, {
    list: async (request) => classification.list(organizationOf(request), request.query),
    quote: async (request) => ({
      data: await classification.quote(organizationOf(request), request.body.product_ids),
    }),
    create: async (request, reply) =>
      reply.status(201).send({
        data: await classification.create(
          organizationOf(request),
          authOf(request).userId,
          request.body,
        ),
      }),
    get: async (request) => ({
      data: await classification.get(organizationOf(request), request.params.id),
    }),
    resubmit: async (request) => ({
      data: await classification.resubmit(
        organizationOf(request),
        authOf(request).userId,
        request.params.id,
        request.params.itemId,
        request.body,
      ),
    }),
    dictamen: async (request, reply) =>
      sendDownload(
        reply,
        await classification.dictamen(
          organizationOf(request),
          request.params.id,
          request.params.itemId,
        ),
      ),
  });
};

/** The classification console, as `staffClassificationContract` declares it. */
export const staffClassificationRoutes: AppModule = async (app, { staffClassification, files }) => {
  const staff = staffClassification;
  implement(app, staffClassificationContract, {
    queue: async (request) => staff.queue(request.query, authOf(request).userId),
    tariffSearch: async (request) => ({ data: await staff.tariffSearch(request.query) }),
    get: async (request) => ({ data: await staff.get(request.params.id) }),
    image: async (request, reply) =>
      files.send(
        reply,
        await staff.image(request.params.id, request.params.imageId, request.query.size),
      ),
    datasheet: async (request, reply) =>
      files.send(reply, await staff.datasheet(request.params.id), { download: true }),
    candidates: async (request) => ({ data: await staff.candidates(request.params.id) }),
    claim: async (request) => ({
      data: await staff.claim(request.params.id, authOf(request).userId),
    }),
    recordResult: async (request) => ({
      data: await staff.recordResult(request.params.id, authOf(request).userId, request.body),
    }),
    sendToReview: async (request) => ({
      data: await staff.sendToReview(request.params.id, authOf(request).userId, request.body.note),
    }),
    returnToClassifier: async (request) => ({
      data: await staff.returnToClassifier(
        request.params.id,
        authOf(request).userId,
        request.body.note,
      ),
    }),
    publish: async (request) => ({
      data: await staff.publish(request.params.id, authOf(request).userId),
    }),
    reject: async (request) => ({
      data: await staff.reject(request.params.id, authOf(request).userId, request.body),
    }),
    notClassifiable: async (request) => ({
      data: await staff.notClassifiable(request.params.id, authOf(request).userId, request.body),
    }),
  });
};
