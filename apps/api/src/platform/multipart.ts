import multipart, { type Multipart } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';
import { MAX_UPLOAD_BYTES } from './files';
import { hasInvalidText, invalidTextError } from './text-input';

/** Requests whose form ended inside a file part: whatever then fails is the client's fault. */
const cutShort = new WeakSet<FastifyRequest>();

export const uploadWasCutShort = (request: FastifyRequest) => cutShort.has(request);

/**
 * Checks one part of a form as it is handed to the route. A form that ends without its closing
 * delimiter makes the multipart plugin destroy the file stream without ending it. Handed over
 * already destroyed, the stream would leave its reader waiting forever: refuse it at once.
 * Destroyed while read, the reader fails ("premature close"), and the error handler answers
 * MALFORMED_REQUEST for it.
 */
function watch<T extends Multipart | undefined>(request: FastifyRequest, part: T): T {
  if (!part) return part;
  // A form's names and values are text like a JSON body's, refused before anything is stored.
  const text = part.type === 'file' ? part.filename : String(part.value);
  if (hasInvalidText(part.fieldname) || hasInvalidText(text)) {
    throw invalidTextError([part.fieldname], request.language);
  }
  if (part.type !== 'file') return part;
  const { file } = part;
  const check = () => {
    if (!file.readableEnded) cutShort.add(request);
  };
  if (file.destroyed) {
    check();
    if (uploadWasCutShort(request)) throw new AppError('MALFORMED_REQUEST');
  } else {
    file.once('close', check);
  }
  return part;
}

/**
 * The multipart plugin, with every part of every upload route's form checked (invalid text, a
 * form cut short).
 * Uploads read the form through `request.file()` or `request.parts()` (platform/files.ts and
 * the bank statement import): both are wrapped here, once.
 */
export async function registerMultipart(app: FastifyInstance) {
  await app.register(multipart, { limits: { files: 1, fields: 20, fileSize: MAX_UPLOAD_BYTES } });
  app.addHook('preHandler', async (request) => {
    if (!request.isMultipart()) return;
    const file = request.file.bind(request);
    const parts = request.parts.bind(request);
    request.file = async (options) => watch(request, await file(options));
    request.parts = (options) =>
      (async function* () {
        for await (const part of parts(options)) yield watch(request, part);
      })();
  });
}
