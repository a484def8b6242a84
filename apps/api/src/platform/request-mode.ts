import type { ApiKeyMode } from '@despacho/domain';
import type { FastifyInstance } from 'fastify';
import { AsyncLocalStorage } from 'node:async_hooks';
import { AppError } from './errors';

const modes = new AsyncLocalStorage<ApiKeyMode>();

/**
 * The mode a request runs in: `test` for a `dsp_test_` key, `live` otherwise. Held for the
 * whole request (everything its handler awaits), so an adapter deep in a service can check it
 * without every signature carrying it. Registered after the access hook, which sets `auth`.
 */
export function registerRequestMode(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => {
    modes.run(request.auth?.apiKey?.mode ?? 'live', done);
  });
}

/** Runs `work` as a request of that mode would (jobs resuming a test-mode request's work, tests). */
export function inMode<T>(mode: ApiKeyMode, work: () => T): T {
  return modes.run(mode, work);
}

/** A test-mode call must never reach a live provider (a real carrier, a real card charge). */
export function assertProviderMode(provider: { sandbox: boolean }) {
  if (!provider.sandbox && modes.getStore() === 'test') {
    throw new AppError('API_KEY_LIVE_PROVIDER_IN_TEST');
  }
}

/**
 * The adapter with its methods (all, or those named) checking the mode first: a live one
 * refuses test-mode calls (a rejected promise, as its own failures are: the guarded methods are
 * asynchronous), a sandbox one is returned as it is.
 */
export function modeGuarded<T extends object>(
  adapter: T,
  sandbox: boolean,
  methods?: readonly (keyof T)[],
): T {
  if (sandbox) return adapter;
  return new Proxy(adapter, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      if (methods && !methods.includes(property as keyof T)) return value.bind(target);
      return async (...args: unknown[]) => {
        assertProviderMode({ sandbox });
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}
