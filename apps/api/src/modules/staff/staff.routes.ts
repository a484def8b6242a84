import { staffContract } from '@despacho/domain';
import { authOf } from '../../platform/auth';
import { implement } from '../../platform/contract-routes';
import type { AppModule } from '../services';

/**
 * The operators' console, as `staffContract` declares it: platform staff answer every
 * organization's consultant chat, review account verifications and read the audit log of what
 * they did.
 */
export const staffRoutes: AppModule = async (app, { staff, files }) => {
  implement(app, staffContract, {
    conversations: async (request) => staff.conversations(request.query),
    conversation: async (request) => ({ data: await staff.conversation(request.params.id) }),
    answer: async (request) => ({
      data: await staff.answer(request.params.id, authOf(request).userId, request.body.body),
    }),
    close: async (request) => ({
      data: await staff.close(request.params.id, authOf(request).userId),
    }),
    verifications: async (request) => staff.verifications(request.query),
    verification: async (request) => ({
      data: await staff.verification(request.params.organizationId),
    }),
    document: async (request, reply) =>
      files.send(
        reply,
        await staff.verificationDocument(request.params.organizationId, request.params.kind),
        { download: request.query.download === '1' },
      ),
    approve: async (request) => ({
      data: await staff.approve(request.params.organizationId, authOf(request).userId),
    }),
    reject: async (request) => ({
      data: await staff.reject(
        request.params.organizationId,
        authOf(request).userId,
        request.body.reason,
      ),
    }),
    audit: async (request) => staff.audit(request.query),
  });
};
