import type { FastifyInstance } from 'fastify';
import type { TestUser } from '../../../test/users';

/** `inject` as a signed-in user, in a language: the account details tests' one way to call. */
export function callAs(app: FastifyInstance) {
  return (
    user: TestUser,
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
    language = 'es',
  ) =>
    app.inject({
      method,
      url: `/api/v1${url}`,
      headers: user.headers({ 'x-language': language }),
      ...(payload ? { payload } : {}),
    });
}
