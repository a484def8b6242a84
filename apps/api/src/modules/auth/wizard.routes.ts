import type { AuthHandlers } from './auth.routes';

/** `GET wizard/{token}` and `POST wizard/{token}`: the organization step of sign-up. */
export const wizardHandlers: AuthHandlers<'wizard' | 'completeWizard'> = ({ wizard }) => ({
  wizard: async (request) => ({ data: await wizard.info(request.params.token) }),
  completeWizard: async (request) => ({
    data: await wizard.complete(request.params.token, request.body),
  }),
});
