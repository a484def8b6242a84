import type { z } from 'zod';
import type { ModuleKey, PermissionKey } from './accounts/permissions';

/**
 * One HTTP contract (decision 023): every operation of the API is declared once here, in the
 * domain package, and both sides derive from it — the API registers its routes (`implement`,
 * apps/api/src/platform/contract-routes.ts) and the web calls them (`call`,
 * apps/web/src/lib/api-client.ts). A path is written in no other place.
 */

/**
 * What a route needs from its caller: anyone, any signed-in user, a signed-in member of an
 * organization, platform staff, or a permission key of the menu (spec §2) — the same keys the
 * web menu reads — or a list of keys of which any one opens it (a screen that reads another
 * domain's records, e.g. create shipment reading the origin locations).
 */
export type RouteAccess =
  | 'public'
  | 'signed-in'
  | 'organization'
  | 'staff'
  | PermissionKey
  | ModuleKey
  | readonly (PermissionKey | ModuleKey)[];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** An answer's body schema by status; `null` is an answer without a body (204). */
export type OperationResponses = Partial<Record<number, z.ZodType | null>>;

interface OperationFields {
  method: HttpMethod;
  /** Fastify style, relative to `/api/v1`: `/vendors/:id`. */
  path: string;
  access: RouteAccess;
  /** `:name` segments of `path`, as strings on the wire. */
  params?: z.ZodType;
  query?: z.ZodType;
  /** The JSON body. An upload declares `upload` instead. */
  body?: z.ZodType;
  summary?: string;
  description?: string;
  /** OpenAPI tags; the contract's domain when left out. */
  tags?: readonly string[];
  /**
   * A multipart upload: the one file travels in `field`; the API reads it through `FileStore`
   * with the same field, the web sends it with the form's other text fields.
   */
  upload?: { field: string };
  /**
   * Takes an `Idempotency-Key` header (a call that moves money or buys): the API documents it
   * and the handler reads it with `idempotencyKeyOf`; the web must send one when `required`.
   */
  idempotencyKey?: 'required' | 'optional';
  /** Calls per client and window (`@fastify/rate-limit`), for a public route open to guessing. */
  rateLimit?: { max: number; timeWindow: string };
  /**
   * A signed webhook: the signature in `header` covers the body's exact bytes, so the handler
   * gets those bytes and nothing is validated before it checks them; `body` documents what it
   * then parses.
   */
  signed?: { header: string };
  /**
   * Refused to API keys (`API_KEY_SESSION_ONLY`): the operation acts for a person (their
   * sign-in, their users, the keys themselves). `staff` and `signed-in` routes refuse keys anyway.
   */
  sessionOnly?: true;
  /**
   * An `organization` read any of the organization's API keys may make, whatever its scopes
   * (the balance, the enabled carriers: what an integration checks before it buys). Other
   * `organization` operations refuse keys (a person's notifications, chat, documents).
   */
  anyKey?: true;
}

/** A JSON answer, declared per status. */
interface JsonOperation extends OperationFields {
  responses: OperationResponses;
  download?: never;
}

/** A file answer (a label, an invoice, an export): the API sends it with `sendDownload`, the web reads a Blob. */
interface DownloadOperation extends OperationFields {
  download: true;
  responses?: never;
}

export type Operation = JsonOperation | DownloadOperation;

/** An operation inside its contract: the domain and the name it has there (query keys, tags). */
export type NamedOperation<Op extends Operation = Operation> = Op & {
  readonly domain: string;
  readonly name: string;
};

/** A domain's contract: its operations by name. */
export type Contract = Record<string, NamedOperation>;

/** Refuses keys an operation does not know (a typo would otherwise pass silently). */
type Exact<Op> = Op &
  Record<Exclude<keyof Op, keyof JsonOperation | keyof DownloadOperation>, never>;

/** Declares one operation; an identity that keeps its schemas' precise types. */
export function defineOperation<const Op extends Operation>(operation: Exact<Op>): Op {
  return operation;
}

/**
 * A domain's contract: its operations by name, each told its domain and name, which the web's
 * query keys and the OpenAPI tags (when an operation names none) use.
 */
export function defineContract<
  const Domain extends string,
  const Ops extends Record<string, Operation>,
>(domain: Domain, operations: Ops): ContractOf<Domain, Ops> {
  const named = Object.entries(operations).map(([name, op]) => [name, { ...op, domain, name }]);
  return Object.fromEntries(named) as ContractOf<Domain, Ops>;
}

type ContractOf<Domain extends string, Ops> = {
  [K in keyof Ops]: Ops[K] & { readonly domain: Domain; readonly name: K };
};

type SchemaInput<S> = S extends z.ZodType ? z.input<S> : undefined;
type SchemaOutput<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a call sends (`z.input`); the `…Data` twins are what a handler reads (`z.output`). */
export type OperationParams<Op extends Operation> = SchemaInput<Op['params']>;
export type OperationQuery<Op extends Operation> = SchemaInput<Op['query']>;
export type OperationBody<Op extends Operation> = SchemaInput<Op['body']>;
export type OperationParamsData<Op extends Operation> = SchemaOutput<Op['params']>;
export type OperationQueryData<Op extends Operation> = SchemaOutput<Op['query']>;
export type OperationBodyData<Op extends Operation> = Op extends { rawBody: true }
  ? unknown
  : SchemaOutput<Op['body']>;

/** The statuses an operation answers with success: `200 | 201`, `204`. */
export type SuccessStatus<Op extends Operation> = Extract<
  keyof NonNullable<Op['responses']>,
  200 | 201 | 202 | 203 | 204 | 205 | 206
>;

/** The body of a success answer, by status: undefined for a bodiless one. */
export type SuccessBody<
  Op extends Operation,
  Status = SuccessStatus<Op>,
> = Status extends keyof NonNullable<Op['responses']>
  ? SchemaOutput<NonNullable<Op['responses']>[Status]>
  : never;

/** What a call answers on success: the body of its 2xx answers, a Blob for a download. */
export type OperationAnswer<Op extends Operation> = Op extends { download: true }
  ? Blob
  : SuccessBody<Op>;
