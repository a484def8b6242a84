import { staffTicketsContract, ticketsContract } from '@despacho/domain';
import { authOf, organizationOf } from '../../platform/auth';
import { implement } from '../../platform/contract-routes';
import type { AppModule } from '../services';

/** `support/tickets` and `support/ticket/{id}`, as `ticketsContract` declares them. */
export const ticketsRoutes: AppModule = async (app, { tickets, ticketThreads, files }) => {
  implement(app, ticketsContract, {
    list: async (request) => tickets.list(organizationOf(request), request.query),
    open: async (request, reply) =>
      reply.status(201).send({
        data: await tickets.open(organizationOf(request), authOf(request).userId, request.body),
      }),
    get: async (request) => ({
      data: await tickets.get(organizationOf(request), request.params.id),
    }),
    reply: async (request, reply) =>
      reply.status(201).send({
        data: await tickets.reply(
          organizationOf(request),
          authOf(request).userId,
          request.params.id,
          request.body.body,
        ),
      }),
    attach: async (request, reply) => {
      const { id, messageId } = request.params;
      const target = await tickets.attachTarget(organizationOf(request), id, messageId);
      const file = await files.receive(
        request,
        ticketThreads.uploadOptions(target, authOf(request).userId),
      );
      return reply.status(201).send({ data: await tickets.attach(target, file) });
    },
    attachment: async (request, reply) =>
      files.send(
        reply,
        await tickets.attachment(
          organizationOf(request),
          request.params.id,
          request.params.attachmentId,
        ),
      ),
    close: async (request) => ({
      data: await tickets.close(organizationOf(request), request.params.id),
    }),
    rate: async (request) => ({
      data: await tickets.rate(organizationOf(request), request.params.id, request.body),
    }),
  });
};

/** The helpdesk of the operators' console, as `staffTicketsContract` declares it. */
export const staffTicketsRoutes: AppModule = async (app, { helpdesk, ticketThreads, files }) => {
  implement(app, staffTicketsContract, {
    queue: async (request) => helpdesk.queue(request.query, authOf(request).userId),
    get: async (request) => ({ data: await helpdesk.get(request.params.id) }),
    reply: async (request, reply) =>
      reply.status(201).send({
        data: await helpdesk.reply(request.params.id, authOf(request).userId, request.body),
      }),
    attach: async (request, reply) => {
      const target = await helpdesk.attachTarget(request.params.id, request.params.messageId);
      const file = await files.receive(
        request,
        ticketThreads.uploadOptions(target, authOf(request).userId),
      );
      return reply.status(201).send({ data: await helpdesk.attach(target, file) });
    },
    attachment: async (request, reply) =>
      files.send(reply, await helpdesk.attachment(request.params.id, request.params.attachmentId)),
    assign: async (request) => ({
      data: await helpdesk.assign(
        request.params.id,
        authOf(request).userId,
        request.body.assignee_id,
      ),
    }),
    merge: async (request) => ({
      data: await helpdesk.merge(request.params.id, authOf(request).userId, request.body.into_id),
    }),
    close: async (request) => ({
      data: await helpdesk.close(request.params.id, authOf(request).userId, request.body.reason),
    }),
    fromConversation: async (request, reply) =>
      reply.status(201).send({
        data: await helpdesk.fromConversation(
          request.params.id,
          authOf(request).userId,
          request.body,
        ),
      }),
    agents: async () => ({ data: await helpdesk.agents() }),
    cannedReplies: async () => ({ data: await helpdesk.cannedReplies() }),
    addCannedReply: async (request, reply) =>
      reply.status(201).send({
        data: await helpdesk.addCannedReply(authOf(request).userId, request.body),
      }),
    removeCannedReply: async (request, reply) => {
      await helpdesk.removeCannedReply(request.params.id);
      return reply.status(204).send();
    },
  });
};
