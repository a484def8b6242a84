import { organizationUsersContract } from '@despacho/domain';
import type { FastifyRequest } from 'fastify';
import { authOf, organizationOf } from '../../platform/auth';
import { implement } from '../../platform/contract-routes';
import type { AppModule } from '../services';
import { authRateLimit } from '../../platform/rate-limit';
import type { Actor } from './organization-users.service';

/** The caller managing their organization's users. */
const actorOf = (request: FastifyRequest): Actor => ({
  userId: authOf(request).userId,
  organizationId: organizationOf(request),
});

/** Organization users (spec §7), as `organizationUsersContract` declares them. */
export const organizationUsersRoutes: AppModule = async (app, deps) => {
  const { organizationUsers: users, invitations } = deps;
  implement(
    app,
    organizationUsersContract,
    {
      invite: async (request) => ({
        data: await invitations.invite(actorOf(request), request.body, request.language),
      }),
      invitations: async (request) => invitations.pending(actorOf(request), request.query),
      cancelInvitation: async (request) => {
        await invitations.cancel(actorOf(request), request.params.id);
        return { data: { ok: true as const } };
      },
      invitationInfo: async (request) => ({ data: await invitations.info(request.query.token) }),
      acceptInvitation: async (request) => ({
        data: await invitations.accept(
          request.query.invitation_code,
          request.body,
          request.language,
        ),
      }),
      list: async (request) => users.list(actorOf(request), request.query),
      get: async (request) => ({ data: await users.get(actorOf(request), request.params.id) }),
      update: async (request) => ({
        data: await users.update(actorOf(request), request.params.id, request.body),
      }),
      setStatus: async (request) => ({
        data: await users.setStatus(actorOf(request), request.params.id, request.body.status),
      }),
    },
    // Accepting creates a user and signs them in: capped like sign-up.
    { acceptInvitation: authRateLimit(deps.config) },
  );
};
