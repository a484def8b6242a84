import {
  IDEMPOTENCY_KEY_HEADER,
  type Contract,
  type NamedOperation,
  type OperationAnswer,
  type OperationBody,
  type OperationParams,
  type OperationQuery,
} from '@despacho/domain';
import { http, type Query } from './http';

/** A key the input must carry when its value is required, may carry when not, never otherwise. */
type Slot<Key extends string, Value> = [Value] extends [undefined]
  ? { [K in Key]?: never }
  : object extends Value
    ? { [K in Key]?: Value }
    : { [K in Key]: Value };

/** An upload's file and the form's other text fields; the field name is the contract's. */
type UploadSlot<Op extends NamedOperation> = Op extends { upload: object }
  ? { file: Blob; fields?: Record<string, string> }
  : { file?: never; fields?: never };

type IdempotencySlot<Op extends NamedOperation> = Op extends { idempotencyKey: 'required' }
  ? { idempotencyKey: string }
  : Op extends { idempotencyKey: 'optional' }
    ? { idempotencyKey?: string }
    : { idempotencyKey?: never };

/** What one call of an operation takes: only the keys its declaration has. */
export type CallInput<Op extends NamedOperation> = Slot<'params', OperationParams<Op>> &
  Slot<'query', OperationQuery<Op>> &
  Slot<'body', OperationBody<Op>> &
  UploadSlot<Op> &
  IdempotencySlot<Op> & { headers?: Record<string, string> };

type LooseInput = {
  params?: Record<string, unknown>;
  query?: Query;
  body?: unknown;
  file?: Blob;
  fields?: Record<string, string>;
  idempotencyKey?: string;
  headers?: Record<string, string>;
};

/** `/vendors/:id` with `{ id }`: each `:name` replaced by its value, URL-encoded. */
export function pathOf(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (_segment, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`Missing path parameter "${name}" for ${path}`);
    }
    return encodeURIComponent(String(value));
  });
}

/** The request body: JSON, or the upload's form with its file under the declared field. */
function bodyOf(operation: NamedOperation, input: LooseInput): unknown {
  if (!operation.upload) return input.body;
  const form = new FormData();
  for (const [name, value] of Object.entries(input.fields ?? {})) form.append(name, value);
  if (input.file) form.append(operation.upload.field, input.file);
  return form;
}

/**
 * The web side of the one HTTP contract (decision 023): calls an operation through the given
 * client (refresh, CSRF, language and `ApiError` stay the http client's) and answers its typed
 * 2xx body, or a Blob for a download.
 */
export function createApiClient(client: Pick<typeof http, 'request'>) {
  return function call<Op extends NamedOperation>(
    operation: Op,
    ...[input]: object extends CallInput<Op> ? [CallInput<Op>?] : [CallInput<Op>]
  ): Promise<OperationAnswer<Op>> {
    const loose = (input ?? {}) as LooseInput;
    const headers = { ...loose.headers };
    if (loose.idempotencyKey) headers[IDEMPOTENCY_KEY_HEADER] = loose.idempotencyKey;
    return client.request<OperationAnswer<Op>>(
      operation.method,
      pathOf(operation.path, loose.params),
      {
        query: loose.query,
        body: bodyOf(operation, loose),
        headers,
        as: operation.download ? 'blob' : 'json',
      },
    );
  };
}

export const call = createApiClient(http);

/**
 * The query keys of one domain, from its contract: `keys.all` (`['vendors']`) is the prefix
 * that invalidates every query of the domain, `keys.list(input)` (`['vendors', 'list', input]`)
 * the key of one call, given the same input as `call`.
 */
export function queryKeys<C extends Contract>(contract: C) {
  const domain = Object.values(contract)[0]!.domain as C[keyof C]['domain'];
  const byOperation = Object.fromEntries(
    Object.keys(contract).map((name) => [
      name,
      (input?: unknown) => (input === undefined ? [domain, name] : [domain, name, input]),
    ]),
  );
  return { all: [domain] as const, ...byOperation } as { all: readonly [typeof domain] } & {
    [K in keyof C]: (input?: CallInput<C[K]>) => readonly [typeof domain, K, CallInput<C[K]>?];
  };
}
