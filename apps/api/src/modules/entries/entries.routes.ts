import { ENTRY_RULES, entriesContract, staffReceivingContract } from '@despacho/domain';
import { authOf, organizationOf } from '../../platform/auth';
import { implement } from '../../platform/contract-routes';
import { readUpload } from '../../platform/files';
import { idempotencyKeyOf } from '../../platform/idempotency-key';
import type { AppModule } from '../services';

/** The merchant's warehouse entries, as `entriesContract` declares them. */
export const entriesRoutes: AppModule = async (app, { entries, files }) => {
  implement(app, entriesContract, {
    warehouses: async (request) => ({ data: await entries.warehouses(organizationOf(request)) }),
    list: async (request) => entries.list(organizationOf(request), request.query),
    create: async (request, reply) =>
      reply.status(201).send({
        data: await entries.create(organizationOf(request), request.body, authOf(request).userId),
      }),
    get: async (request) => ({
      data: await entries.get(organizationOf(request), request.params.id),
    }),
    cancel: async (request) => ({
      data: await entries.cancel(
        organizationOf(request),
        request.params.id,
        authOf(request).userId,
      ),
    }),
    answerIncident: async (request) => ({
      data: await entries.answerIncident(
        organizationOf(request),
        request.params.id,
        request.params.incidentId,
        request.body.answer,
        authOf(request).userId,
      ),
    }),
    photo: async (request, reply) =>
      files.send(
        reply,
        await entries.photo(
          organizationOf(request),
          request.params.id,
          request.params.photoId,
          request.query.size,
        ),
      ),
  });
};

/** The staff receiving console, as `staffReceivingContract` declares it. */
export const staffReceivingRoutes: AppModule = async (app, { receiving, files }) => {
  const callOf = (request: Parameters<typeof idempotencyKeyOf>[0]) => ({
    actorId: authOf(request).userId,
    idempotencyKey: idempotencyKeyOf(request),
  });
  implement(app, staffReceivingContract, {
    queue: async (request) => receiving.queue(request.query),
    get: async (request) => ({ data: await receiving.get(request.params.id) }),
    receive: async (request, reply) => {
      const data = await receiving.receive(request.params.id, request.body, callOf(request));
      return reply.status(data.replayed ? 200 : 201).send({ data });
    },
    reclassify: async (request, reply) => {
      const data = await receiving.reclassify(request.params.id, request.body, callOf(request));
      return reply.status(data.replayed ? 200 : 201).send({ data });
    },
    uploadPhoto: async (request, reply) => {
      const content = await readUpload(request, {
        field: 'file',
        maxBytes: ENTRY_RULES.photoMaxBytes,
      });
      const data = await receiving.uploadPhoto(request.params.id, content, authOf(request).userId);
      return reply.status(201).send({ data });
    },
    photo: async (request, reply) =>
      files.send(
        reply,
        await receiving.photo(request.params.id, request.params.photoId, request.query.size),
      ),
    recordIncident: async (request, reply) =>
      reply.status(201).send({
        data: await receiving.recordIncident(
          request.params.id,
          request.body,
          authOf(request).userId,
        ),
      }),
    resolveIncident: async (request) => ({
      data: await receiving.resolveIncident(
        request.params.id,
        request.params.incidentId,
        authOf(request).userId,
      ),
    }),
    close: async (request) => ({
      data: await receiving.close(request.params.id, authOf(request).userId),
    }),
  });
};
