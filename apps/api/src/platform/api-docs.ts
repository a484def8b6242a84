import {
  API_KEY_ROTATION_GRACE_HOURS,
  ERRORS,
  IDEMPOTENCY_KEY_HEADER,
  type ErrorCode,
} from '@despacho/domain';
import type { DeclaredRoute } from './access';
import { acceptsApiKeys } from './auth';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
  format?: string;
  minimum?: number;
}

interface DocOperation {
  description?: string;
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  [field: string]: unknown;
}

type OpenApiDocument = Record<string, unknown> & {
  info: Record<string, unknown>;
  paths: Record<string, Record<string, DocOperation>>;
  components?: Record<string, unknown>;
};

/** A readable example of what a schema accepts: its required fields with placeholder values. */
function exampleOf(schema: JsonSchema): unknown {
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.[0]) return exampleOf(alternatives[0]);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'object') {
    const required = schema.required ?? [];
    return Object.fromEntries(required.map((k) => [k, exampleOf(schema.properties?.[k] ?? {})]));
  }
  if (type === 'array') return [exampleOf(schema.items ?? {})];
  if (type === 'integer' || type === 'number') return schema.minimum ?? 1;
  if (type === 'boolean') return true;
  if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  if (schema.format === 'date') return '2026-03-02';
  if (schema.format === 'date-time') return '2026-03-02T16:00:00Z';
  return '…';
}

/** The operation's call in curl and in JavaScript (`fetch`), with a key from the environment. */
function examples(baseUrl: string, method: string, path: string, operation: DocOperation) {
  const url = `${baseUrl}${path}`;
  const idempotent = operation.parameters?.some((p) => p.name === IDEMPOTENCY_KEY_HEADER);
  const schema = operation.requestBody?.content?.['application/json']?.schema;
  const body = schema ? JSON.stringify(exampleOf(schema), null, 2) : null;
  const curl = [
    `curl -X ${method} "${url}"`,
    '  -H "Authorization: Bearer $DESPACHO_API_KEY"',
    ...(idempotent ? ['  -H "Idempotency-Key: $(uuidgen)"'] : []),
    ...(body ? ['  -H "Content-Type: application/json"', `  -d '${body}'`] : []),
  ].join(' \\\n');
  const headers = [
    'Authorization: `Bearer ${process.env.DESPACHO_API_KEY}`',
    ...(idempotent ? ["'Idempotency-Key': crypto.randomUUID()"] : []),
    ...(body ? ["'Content-Type': 'application/json'"] : []),
  ];
  const javascript = [
    `const response = await fetch('${url}', {`,
    `  method: '${method}',`,
    `  headers: { ${headers.join(', ')} },`,
    ...(body ? [`  body: JSON.stringify(${body.replaceAll('\n', '\n  ')}),`] : []),
    '});',
    'const answer = await response.json(); // { data } o { error: { code, message } }',
  ].join('\n');
  return `\n\n**curl**\n\n\`\`\`bash\n${curl}\n\`\`\`\n\n**JavaScript**\n\n\`\`\`js\n${javascript}\n\`\`\``;
}

function errorTable(): string {
  const rows = (Object.keys(ERRORS) as ErrorCode[])
    .filter((code) => ERRORS[code].status < 500)
    .map(
      (code) =>
        `| \`${code}\` | ${ERRORS[code].status} | ${ERRORS[code].es} | ${ERRORS[code].en} |`,
    );
  return ['| código / code | HTTP | es | en |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

/** The guide above the operations: keys, idempotency, pagination, errors, limits (es, then en). */
function guide(rateLimit: number): string {
  return `API de Despacho para los sistemas propios del comercio (ERP, tienda, WMS). / Despacho's API for a merchant's own systems.

## Autenticación / Authentication

Crea una llave en **Configuración → Desarrollo** (solo propietarios y administradores) y envíala en cada llamada: \`Authorization: Bearer dsp_live_…\`. La llave se muestra una sola vez; guardamos solo su hash. Cada llave tiene permisos (*scopes*) del menú, de lectura (solo \`GET\`) o de escritura, una expiración opcional y una lista opcional de IP. Una llamada sin el permiso responde \`403 API_KEY_SCOPE_MISSING\`; una llave revocada, expirada o inválida, \`401 API_KEY_INVALID\`. Al rotarla, la llave anterior sigue funcionando ${API_KEY_ROTATION_GRACE_HOURS} horas. Las llaves \`dsp_test_\` solo llegan a paqueterías y pagos de prueba (sandbox). Las llaves tienen prefijo y dígito verificador (CRC32) para que los escáneres de secretos las reconozcan: si publicas una, revócala.

Create a key under **Settings → Development** (owners and administrators only) and send it on every call as \`Authorization: Bearer dsp_live_…\`. It is shown once; only its hash is stored. A key holds menu scopes, read (\`GET\` only) or write, an optional expiry and an optional IP allow-list. Missing scope: \`403 API_KEY_SCOPE_MISSING\`; revoked, expired or invalid key: \`401 API_KEY_INVALID\`. After a rotation the previous secret keeps working for ${API_KEY_ROTATION_GRACE_HOURS} hours. \`dsp_test_\` keys only reach sandbox carriers and payments. Keys carry a prefix and a CRC32 checksum so secret scanners recognise them: revoke any key you leak.

## Idempotencia / Idempotency

Las llamadas que mueven dinero o compran (guías, depósitos) exigen el encabezado \`Idempotency-Key\` (un UUID por operación): repetirla con la misma llave devuelve la misma respuesta sin cobrar dos veces. / Calls that move money or buy require an \`Idempotency-Key\` header (one UUID per operation): a retry with the same key answers the same without charging twice.

## Paginación / Pagination

Las listas aceptan \`page\` (desde 1) y \`pageSize\` (1–100, 20 por omisión) y responden \`{ "data": [...], "meta": { "page", "pageSize", "total" } }\`. / Lists take \`page\` (from 1) and \`pageSize\` (1–100, default 20) and answer \`{ data, meta }\`.

## Errores / Errors

Todo error responde \`{ "error": { "code", "message", "fields"?, "details"? } }\`. El mensaje va en el idioma del encabezado \`x-language\` (\`es\` por omisión, o \`en\`); \`fields\` nombra cada campo rechazado. Decide por \`code\`, nunca por el texto. / Every error answers that envelope; the message follows \`x-language\` (\`es\` default, or \`en\`); branch on \`code\`, never on the text.

${errorTable()}

## Límites / Rate limits

Cada llave puede hacer ${rateLimit} llamadas por minuto. Cada respuesta trae \`RateLimit-Limit\`, \`RateLimit-Remaining\` y \`RateLimit-Reset\` (segundos); al pasarse responde \`429 RATE_LIMITED\` con \`Retry-After\`. / Each key may make ${rateLimit} calls per minute; answers carry the \`RateLimit-*\` headers, and past the limit \`429\` with \`Retry-After\`.`;
}

/**
 * The public document `/api/docs` shows: the operations an API key may call (merchant-facing,
 * grouped by their domain's tag), each with curl and JavaScript examples, under the guide.
 * Staff, sign-in, session-only and webhook operations are left out; the complete document is
 * still the app's (`app.swagger()`), which the contract tests walk.
 */
export function publicApiDocument(
  document: Readonly<Record<string, unknown>>,
  routes: readonly DeclaredRoute[],
  options: { baseUrl: string; rateLimit: number },
): OpenApiDocument {
  const full = document as OpenApiDocument;
  const open = new Set(
    routes
      .filter((route) => acceptsApiKeys(route))
      .map((route) => `${route.method.toLowerCase()} ${route.url.replace(/:(\w+)/g, '{$1}')}`),
  );
  const paths: OpenApiDocument['paths'] = {};
  for (const [path, operations] of Object.entries(full.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!open.has(`${method} ${path}`)) continue;
      const sample = examples(options.baseUrl, method.toUpperCase(), path, operation);
      (paths[path] ??= {})[method] = {
        ...operation,
        description: `${operation.description ?? ''}${sample}`,
      };
    }
  }
  return {
    ...full,
    info: { ...full.info, description: guide(options.rateLimit) },
    paths,
    components: {
      ...full.components,
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'Llave de API / API key: `dsp_live_…` o `dsp_test_…`.',
        },
      },
    },
  };
}
