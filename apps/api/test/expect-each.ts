import { expect } from 'vitest';
import type { callAs, CallArgs } from './users';

/** A test's `call`: `callAs` bound to its app. */
type Call = (...args: CallArgs) => ReturnType<typeof callAs>;

/** A route to call: method, URL under `/api/v1` and the body, if any. */
export type Route = readonly [method: CallArgs[1], url: string, payload?: object];

/**
 * Calls every route as `user` and expects each to answer `status` with the error `code`; a
 * failure names the route.
 */
export async function expectEachError(
  call: Call,
  user: CallArgs[0],
  routes: readonly Route[],
  status: number,
  code: string,
) {
  for (const [method, url, payload] of routes) {
    const response = await call(user, method, url, payload);
    expect(response.statusCode, `${method} ${url}`).toBe(status);
    expect(response.json().error.code, `${method} ${url}`).toBe(code);
  }
}

/** Every route answers 404 NOT_FOUND to `user`: another organization's records, for one. */
export const expectEachNotFound = (call: Call, user: CallArgs[0], routes: readonly Route[]) =>
  expectEachError(call, user, routes, 404, 'NOT_FOUND');

/** Every route answers 403 FORBIDDEN to `user`, who lacks the permission they need. */
export const expectEachForbidden = (call: Call, user: CallArgs[0], routes: readonly Route[]) =>
  expectEachError(call, user, routes, 403, 'FORBIDDEN');
