import type { AuthHandlers } from './auth.routes';

/** `POST users`, `PUT users/{id}`, `POST user/create`: sign-up up to the SMS code. */
export const signupHandlers: AuthHandlers<'startSignup' | 'register' | 'createUser'> = ({
  signup,
}) => ({
  startSignup: async (request) => ({
    data: await signup.start(request.body.email, request.language),
  }),
  register: async (request) => ({
    data: await signup.register(request.params.id, request.body),
  }),
  createUser: async (request) => ({
    data: await signup.create(request.body, request.language),
  }),
});
