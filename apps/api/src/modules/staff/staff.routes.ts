import {
  auditEntrySchema,
  conversationMessageSchema,
  idParamsSchema,
  messageCreateSchema,
  pageSchema,
  staffAuditQuerySchema,
  staffConversationSchema,
  staffConversationsQuerySchema,
  staffConversationSummarySchema,
  staffOrganizationParamsSchema,
  staffVerificationDocumentParamsSchema,
  staffVerificationSchema,
  staffVerificationsQuerySchema,
  staffVerificationSummarySchema,
  verificationDownloadQuerySchema,
  verificationRejectSchema,
} from '@despacho/domain';
import { z } from 'zod';
import { authOf } from '../../platform/auth';
import type { AppModule } from '../services';

const tags = ['staff'];
const security = [{ bearer: [] }];
const conversationAnswer = z.object({ data: staffConversationSchema });
const verificationAnswer = z.object({ data: staffVerificationSchema });

/**
 * The operators' console: platform staff answer every organization's consultant chat, review
 * account verifications and read the audit log of what they did.
 */
export const staffRoutes: AppModule = async (app, deps) => {
  const { staff } = deps;
  const staffOnly = { config: { access: 'staff' as const } };

  app.get(
    '/staff/conversations',
    {
      ...staffOnly,
      schema: {
        tags,
        security,
        querystring: staffConversationsQuerySchema,
        response: { 200: pageSchema(staffConversationSummarySchema) },
      },
    },
    async (request) => staff.conversations(request.query),
  );

  app.get(
    '/staff/conversations/:id',
    {
      ...staffOnly,
      schema: { tags, security, params: idParamsSchema, response: { 200: conversationAnswer } },
    },
    async (request) => ({ data: await staff.conversation(request.params.id) }),
  );

  app.post(
    '/staff/conversations/:id/messages',
    {
      ...staffOnly,
      schema: {
        tags,
        security,
        params: idParamsSchema,
        body: messageCreateSchema,
        response: { 201: z.object({ data: conversationMessageSchema }) },
      },
    },
    async (request, reply) => {
      const message = await staff.answer(
        request.params.id,
        authOf(request).userId,
        request.body.body,
      );
      return reply.status(201).send({ data: message });
    },
  );

  app.post(
    '/staff/conversations/:id/close',
    {
      ...staffOnly,
      schema: { tags, security, params: idParamsSchema, response: { 200: conversationAnswer } },
    },
    async (request) => ({
      data: await staff.close(request.params.id, authOf(request).userId),
    }),
  );

  app.get(
    '/staff/verifications',
    {
      ...staffOnly,
      schema: {
        tags,
        security,
        querystring: staffVerificationsQuerySchema,
        response: { 200: pageSchema(staffVerificationSummarySchema) },
      },
    },
    async (request) => staff.verifications(request.query),
  );

  app.get(
    '/staff/verifications/:organizationId',
    {
      ...staffOnly,
      schema: {
        tags,
        security,
        params: staffOrganizationParamsSchema,
        response: { 200: verificationAnswer },
      },
    },
    async (request) => ({ data: await staff.verification(request.params.organizationId) }),
  );

  app.get(
    '/staff/verifications/:organizationId/documents/:kind',
    {
      ...staffOnly,
      schema: {
        tags,
        security,
        summary: 'A submitted document; `download=1` asks the browser to save it',
        params: staffVerificationDocumentParamsSchema,
        querystring: verificationDownloadQuerySchema,
      },
    },
    async (request, reply) =>
      deps.files.send(
        reply,
        await staff.verificationDocument(request.params.organizationId, request.params.kind),
        { download: request.query.download === '1' },
      ),
  );

  app.post(
    '/staff/verifications/:organizationId/approve',
    {
      ...staffOnly,
      schema: {
        tags,
        security,
        params: staffOrganizationParamsSchema,
        response: { 200: verificationAnswer },
      },
    },
    async (request) => ({
      data: await staff.approve(request.params.organizationId, authOf(request).userId),
    }),
  );

  app.post(
    '/staff/verifications/:organizationId/reject',
    {
      ...staffOnly,
      schema: {
        tags,
        security,
        params: staffOrganizationParamsSchema,
        body: verificationRejectSchema,
        response: { 200: verificationAnswer },
      },
    },
    async (request) => ({
      data: await staff.reject(
        request.params.organizationId,
        authOf(request).userId,
        request.body.reason,
      ),
    }),
  );

  app.get(
    '/staff/audit',
    {
      ...staffOnly,
      schema: {
        tags,
        security,
        querystring: staffAuditQuerySchema,
        response: { 200: pageSchema(auditEntrySchema) },
      },
    },
    async (request) => staff.audit(request.query),
  );
};
