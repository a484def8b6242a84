import { randomBytes } from 'node:crypto';
import { multipart, sampleFiles } from './multipart';
import { fillPath, sampleOf, type Operation } from './openapi';

/** A small seeded generator (mulberry32): the same seed draws the same variants. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  /** `count` distinct items, in a random order. */
  const sample = <T>(list: readonly T[], count: number): T[] => {
    const copy = [...list];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, count);
  };
  return { next, pick, sample };
}
export type Random = ReturnType<typeof seededRandom>;

/** One malformed request: what it breaks, and how it is sent. */
export interface Variant {
  name: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
}

const deepNesting = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

/** Values no field should choke on. */
const NASTY_VALUES: readonly unknown[] = [
  null,
  '',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  'x'.repeat(100_000),
  -1,
  0,
  1.5,
  1e308,
  -1e308,
  2 ** 63,
  true,
  [],
  {},
  'not-a-uuid',
  '2026-13-45',
  '2026-02-30T25:61:00Z',
  '🙂',
  "' or 1=1 --",
  { nested: { deeper: ['x'] } },
];

/** Path segments, already escaped as they travel. */
const NASTY_SEGMENTS: readonly string[] = [
  'not-a-uuid',
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%E0%A4%A',
  '-1',
  '99999999999999999999999',
  'x'.repeat(2000),
  '00000000-0000-4000-8000-000000000000',
  '%20',
  '..%2F..%2Fetc',
];

/** Query values, already escaped. */
const NASTY_QUERY: readonly string[] = [
  '%00',
  '%ED%A0%80',
  '%E0%A4%A',
  'x'.repeat(10_000),
  '-1',
  '1e999',
  '99999999999999999999',
  'not-a-date',
  '2026-02-30',
  '',
];

/** Every leaf path of a value: where a mutation can land. */
function pathsOf(value: unknown, prefix: string[] = []): string[][] {
  if (value === null || typeof value !== 'object') return [prefix];
  const entries = Object.entries(value);
  if (entries.length === 0) return [prefix];
  return [prefix, ...entries.flatMap(([key, child]) => pathsOf(child, [...prefix, key]))];
}

const REMOVE = Symbol('remove');

/** A copy of `value` with the leaf at `path` replaced, or removed. */
function mutate(value: unknown, path: string[], replacement: unknown): unknown {
  if (path.length === 0) return replacement === REMOVE ? undefined : replacement;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string,
    unknown
  >;
  const [head, ...rest] = path as [string, ...string[]];
  if (rest.length === 0 && replacement === REMOVE) delete copy[head];
  else copy[head] = mutate(copy[head], rest, replacement);
  return copy;
}

const json = (payload: string) => ({
  headers: { 'content-type': 'application/json' },
  payload,
});

/**
 * Every malformed variant of one operation: broken path parameters, query parameters and JSON
 * bodies, wrong content types and broken multipart forms. The caller samples them.
 */
export function variantsOf(operation: Operation, random: Random): Variant[] {
  const validPath = fillPath(operation, () => '00000000-0000-4000-8000-000000000000');
  const variants: Variant[] = [];
  for (const segment of NASTY_SEGMENTS) {
    if (!operation.path.includes('{')) break;
    variants.push({ name: `path ${segment.slice(0, 20)}`, url: fillRaw(operation, segment) });
  }
  for (const parameter of operation.parameters.filter((p) => p.in === 'query')) {
    for (const value of NASTY_QUERY) {
      const name = `query ${parameter.name}=${value.slice(0, 20)}`;
      variants.push({ name, url: `${validPath}?${parameter.name}=${value}` });
    }
    variants.push({
      name: `query ${parameter.name} twice`,
      url: `${validPath}?${parameter.name}=a&${parameter.name}=b`,
    });
  }
  if (operation.method === 'GET') return variants;

  const sample = operation.body ? sampleOf(operation.body) : {};
  const bodies: [string, string][] = [
    ['json null', 'null'],
    ['json array', '[]'],
    ['json string', '"texto"'],
    ['json number', '-1'],
    ['json empty object', '{}'],
    ['json broken', '{"a": '],
    ['json deep nesting', deepNesting(5000)],
    ['json deep nesting in a field', `{"a": ${deepNesting(5000)}}`],
    ['json NUL key', JSON.stringify({ ['a\u0000']: 1 })],
    ['json lone surrogate escape', '{"a": "\\ud800"}'],
    ['json shaped sample', JSON.stringify(sample)],
  ];
  const paths = pathsOf(sample).filter((path) => path.length > 0);
  for (const path of paths) {
    bodies.push([`json ${path.join('.')} removed`, JSON.stringify(mutate(sample, path, REMOVE))]);
    for (const value of random.sample(NASTY_VALUES, 4)) {
      const label = JSON.stringify(value)?.slice(0, 20);
      bodies.push([`json ${path.join('.')}=${label}`, JSON.stringify(mutate(sample, path, value))]);
    }
  }
  for (const [name, payload] of bodies) variants.push({ name, url: validPath, ...json(payload) });
  variants.push({ name: 'json without body', url: validPath, headers: json('').headers });

  const form = multipart({ name: 'archivo.png', content: sampleFiles.png() }, { amount: '100' });
  variants.push(
    {
      name: 'text/plain',
      url: validPath,
      headers: { 'content-type': 'text/plain' },
      payload: 'hola',
    },
    {
      name: 'application/xml',
      url: validPath,
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    },
    {
      name: 'urlencoded',
      url: validPath,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=b',
    },
    {
      name: 'multipart without boundary',
      url: validPath,
      headers: { 'content-type': 'multipart/form-data' },
      payload: form.payload,
    },
    {
      name: 'multipart cut short',
      url: validPath,
      headers: form.headers,
      payload: form.payload.subarray(0, form.payload.length - 20),
    },
    { name: 'multipart with a file', url: validPath, ...form },
    {
      name: 'multipart NUL file name',
      url: validPath,
      ...multipart({ name: 'a\u0000.png', content: sampleFiles.png() }),
    },
    {
      name: 'multipart file under another field',
      url: validPath,
      ...multipart({ name: 'a.png', field: 'otro', content: sampleFiles.png() }),
    },
    {
      name: 'multipart garbage',
      url: validPath,
      headers: form.headers,
      payload: randomBytes(2048),
    },
  );
  return variants;
}

/** The operation's URL with every path parameter set to one raw (already escaped) segment. */
function fillRaw(operation: Operation, segment: string) {
  return operation.path.replace(/\{(\w+)\}/g, () => segment);
}
