import { issuePath, localizeIssue, type Language } from '@despacho/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/**
 * A NUL character, or half of a UTF-16 surrogate pair (`"\ud800"` is valid JSON): PostgreSQL
 * stores neither in `text` nor `jsonb`, so such input would fail deep inside a query. With the
 * `u` flag a well-formed pair is one code point outside the range, so only lone halves match.
 */
// eslint-disable-next-line no-control-regex -- the NUL character is exactly what is looked for
const INVALID_TEXT = /[\u0000\ud800-\udfff]/u;

export const hasInvalidText = (text: string) => INVALID_TEXT.test(text);
const readable = (text: string) => text.replace(new RegExp(INVALID_TEXT.source, 'gu'), '');

/** Parsed JSON and query strings; raw bodies (a signed webhook's bytes) are left to their route. */
const isParsed = (value: unknown): value is object =>
  value !== null && typeof value === 'object' && !ArrayBuffer.isView(value);

interface Visit {
  value: unknown;
  key: PropertyKey | null;
  parent: Visit | null;
}

/** The keys from the root down to a visited value. */
function pathOf(visit: Visit): PropertyKey[] {
  const path: PropertyKey[] = [];
  for (let at: Visit | null = visit; at?.parent; at = at.parent) path.push(at.key!);
  return path.reverse();
}

/**
 * The path of a string (value or key) holding invalid text, or null. Iterative, and each value
 * only points at its parent, so neither a deep body's depth nor its size costs more than once.
 */
export function findInvalidText(value: unknown): PropertyKey[] | null {
  const pending: Visit[] = [{ value, key: null, parent: null }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    if (typeof visit.value === 'string') {
      if (hasInvalidText(visit.value)) return pathOf(visit);
    } else if (isParsed(visit.value)) {
      for (const [key, child] of Object.entries(visit.value)) {
        // The key is echoed as the field name: only its readable part.
        if (hasInvalidText(key)) return [...pathOf(visit), readable(key)];
        pending.push({ value: child, key, parent: visit });
      }
    }
  }
  return null;
}

/** VALIDATION_FAILED naming the field, as a schema's own issue would. */
export function invalidTextError(path: PropertyKey[], language: Language) {
  return new AppError(
    'VALIDATION_FAILED',
    {},
    {
      [issuePath(path)]: localizeIssue({ message: 'invalid_text', path }, language),
    },
  );
}

/**
 * Refuses invalid text once, for every route, before validation: in a path segment, a query
 * parameter or anywhere in a JSON body (keys included). Multipart forms are checked part by part
 * (multipart.ts); what a route parses itself is refused by PostgreSQL, which the error handler
 * maps (`isInvalidText`).
 */
export function registerTextInput(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const { params, query, body } = request;
    // The field is named as a schema issue names it: without its part of the request.
    const invalid = findInvalidText({ params, query, body })?.slice(1);
    if (invalid) throw invalidTextError(invalid, request.language);
  });
}
