import { create as createDisposition } from 'content-disposition';
import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';

/**
 * The Content-Disposition of a file answered by name (RFC 6266, by the `content-disposition`
 * package): a plain ASCII name as it is, any other also as an RFC 8187 `filename*` in UTF-8 with
 * an ASCII fallback, quotes and backslashes escaped. `inline` shows it in place instead of saving.
 */
export function dispositionOf(fileName: string, options: { inline?: boolean } = {}): string {
  return createDisposition(fileName, { type: options.inline ? 'inline' : 'attachment' });
}

/** A file the browser saves (a label, an invoice, an export): never shown in place nor sniffed. */
export function sendDownload(
  reply: FastifyReply,
  file: { type: string; fileName: string; content: Buffer | string | Readable },
) {
  return reply
    .header('content-type', file.type)
    .header('content-disposition', dispositionOf(file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-cache')
    .send(file.content);
}
