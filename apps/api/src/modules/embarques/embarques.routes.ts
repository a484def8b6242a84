import { embarquesContract, staffEmbarquesContract } from '@despacho/domain';
import { authOf, organizationOf } from '../../platform/auth';
import { implement } from '../../platform/contract-routes';
import { sendDownload } from '../../platform/download';
import { idempotencyKeyOf } from '../../platform/idempotency-key';
import type { AppModule } from '../services';
import { documentUpload } from './embarque-documents';

/** `my-shipments`, as `embarquesContract` declares it. */
export const embarquesRoutes: AppModule = async (app, { embarques, files }) => {
  implement(app, embarquesContract, {
    list: async (request) => embarques.list(organizationOf(request), request.query),
    get: async (request) => ({
      data: await embarques.get(organizationOf(request), request.params.id),
    }),
    document: async (request, reply) =>
      files.send(
        reply,
        await embarques.document(
          organizationOf(request),
          request.params.id,
          request.params.documentId,
        ),
      ),
    invoice: async (request, reply) => {
      const file = await embarques.invoicePdf(
        organizationOf(request),
        request.params.id,
        request.params.invoiceId,
      );
      return sendDownload(reply, { ...file, type: 'application/pdf' });
    },
    uploadDocument: async (request, reply) => {
      const organizationId = organizationOf(request);
      const { userId } = authOf(request);
      await embarques.assertExists(organizationId, request.params.id);
      const form = await files.receiveForm(request, documentUpload(organizationId, userId));
      const document = await embarques.uploadDocument(
        organizationId,
        userId,
        request.params.id,
        form,
        request.language,
      );
      return reply.status(201).send({ data: document });
    },
    pay: async (request, reply) => {
      const idempotencyKey = idempotencyKeyOf(request);
      const { replayed, ...paid } = await embarques.pay(
        organizationOf(request),
        authOf(request).userId,
        request.params.id,
        request.params.paymentId,
        idempotencyKey,
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.send({ data: paid });
    },
  });
};

/** The embarques console, as `staffEmbarquesContract` declares it. */
export const staffEmbarquesRoutes: AppModule = async (app, { staffEmbarques, files }) => {
  const staff = staffEmbarques;
  implement(app, staffEmbarquesContract, {
    list: async (request) => staff.list(request.query),
    organizations: async (request) => ({ data: await staff.organizations(request.query.search) }),
    products: async (request) => ({
      data: await staff.products(request.params.organizationId, request.query.search),
    }),
    create: async (request, reply) =>
      reply.status(201).send({ data: await staff.create(authOf(request).userId, request.body) }),
    get: async (request) => ({ data: await staff.get(request.params.id) }),
    update: async (request) => ({
      data: await staff.update(request.params.id, authOf(request).userId, request.body),
    }),
    setLines: async (request) => ({
      data: await staff.setLines(request.params.id, authOf(request).userId, request.body),
    }),
    moveStep: async (request) => ({
      data: await staff.moveStep(request.params.id, authOf(request).userId, request.body),
    }),
    recordPedimento: async (request) => ({
      data: await staff.recordPedimento(
        request.params.id,
        authOf(request).userId,
        request.body.number,
      ),
    }),
    recordSemaforo: async (request) => ({
      data: await staff.recordSemaforo(request.params.id, authOf(request).userId, request.body),
    }),
    uploadDocument: async (request, reply) => {
      const { userId } = authOf(request);
      const organizationId = await staff.organizationOf(request.params.id);
      const form = await files.receiveForm(request, documentUpload(organizationId, userId));
      const document = await staff.uploadDocument(
        request.params.id,
        userId,
        form,
        request.language,
      );
      return reply.status(201).send({ data: document });
    },
    document: async (request, reply) =>
      files.send(reply, await staff.document(request.params.id, request.params.documentId)),
    deleteDocument: async (request, reply) => {
      await staff.deleteDocument(
        request.params.id,
        request.params.documentId,
        authOf(request).userId,
      );
      return reply.status(204).send();
    },
    requestPayment: async (request, reply) =>
      reply.status(201).send({
        data: await staff.requestPayment(request.params.id, authOf(request).userId, request.body),
      }),
    cancelPayment: async (request) => ({
      data: await staff.cancelPayment(
        request.params.id,
        request.params.paymentId,
        authOf(request).userId,
      ),
    }),
    setExpenses: async (request) => ({
      data: await staff.setExpenses(request.params.id, authOf(request).userId, request.body),
    }),
    settle: async (request) => ({
      data: await staff.settle(request.params.id, authOf(request).userId, request.language),
    }),
    recordSupplierPayment: async (request, reply) =>
      reply.status(201).send({
        data: await staff.recordSupplierPayment(
          request.params.id,
          authOf(request).userId,
          request.body,
        ),
      }),
    invoice: async (request, reply) =>
      reply.status(201).send({
        data: await staff.invoice(request.params.id, authOf(request).userId),
      }),
  });
};
