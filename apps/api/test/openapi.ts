import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';

/** The slice of JSON Schema the OpenAPI document uses (zod 4 → fastify-type-provider-zod). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  default?: unknown;
  nullable?: boolean;
}

export interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As the document names it: `/api/v1/customers/{id}`. */
  path: string;
  parameters: Parameter[];
  /** The JSON body's schema, when the operation declares one. */
  body: JsonSchema | null;
}

/**
 * Every operation of the app's complete OpenAPI document (`app.swagger()`; `/api/docs` shows
 * merchants only what an API key may call).
 */
export async function loadOperations(app: FastifyInstance): Promise<Operation[]> {
  await app.ready();
  const document = app.swagger() as unknown as {
    paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: unknown }>>;
  };
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => {
      const content = (
        operation.requestBody as { content?: Record<string, { schema: JsonSchema }> }
      )?.content;
      return {
        method: method.toUpperCase() as Operation['method'],
        path,
        parameters: operation.parameters ?? [],
        body: content?.['application/json']?.schema ?? null,
      };
    }),
  );
}

/** The document's path in Fastify's spelling (`:id`), to compare with `declaredRoutes`. */
export const routeUrl = (operation: Pick<Operation, 'path'>) =>
  operation.path.replace(/\{(\w+)\}/g, ':$1');

export const pathParameters = (operation: Operation) =>
  operation.parameters.filter((parameter) => parameter.in === 'path');

/** The operation's URL with each path parameter filled by `value(name)`, escaped. */
export function fillPath(operation: Operation, value: (name: string) => string) {
  return operation.path.replace(/\{(\w+)\}/g, (_whole, name: string) =>
    encodeURIComponent(value(name)),
  );
}

/** Values that match the document's patterns, so a sample gets past them to the route. */
const PATTERN_EXAMPLES = [
  '+52',
  '5512345678',
  '06700',
  '123456',
  '24112700',
  '012',
  '012180001234567891',
  '2026-03-02',
  '10:00',
  'Secreta#2026',
  'tok_aprobada_1234',
  'ABC123',
];

function matching(pattern: string): string | undefined {
  const regex = new RegExp(pattern, 'u');
  return PATTERN_EXAMPLES.find((example) => regex.test(example));
}

/** A value the schema accepts in shape (not necessarily in business rules). */
export function sampleOf(schema: JsonSchema): unknown {
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[0];
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives) return sampleOf(alternatives[0]!);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        (schema.required ?? []).map((key) => [key, sampleOf(schema.properties?.[key] ?? {})]),
      );
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 0, 1) }, () =>
        sampleOf(schema.items ?? {}),
      );
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, (schema.exclusiveMinimum ?? 0) + 1);
    case 'boolean':
      return true;
    case 'string':
      if (schema.format === 'uuid') return randomUUID();
      if (schema.format === 'date') return '2026-03-02';
      if (schema.format === 'date-time') return '2026-03-02T16:00:00.000Z';
      if (schema.format === 'email') return 'fuzz@prueba.mx';
      if (schema.pattern) return matching(schema.pattern) ?? 'x';
      return 'x'.repeat(Math.max(schema.minLength ?? 1, 1));
    default:
      return 'x';
  }
}
