import { randomBytes } from 'node:crypto';

/**
 * A multipart/form-data request with one file (and optional text fields), as a browser sends
 * it: spread the result into `app.inject({ method, url, ...multipart(...) })`.
 */
export function multipart(
  file: { name: string; content: Buffer; type?: string; field?: string },
  fields: Record<string, string> = {},
) {
  const boundary = `----despacho${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\n` +
        `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    file.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Minimal real files by their magic bytes, padded to `size` bytes. */
export const sampleFiles = {
  png: (size = 256) => pad([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], size),
  jpeg: (size = 256) => pad([0xff, 0xd8, 0xff, 0xe0], size),
  webp: (size = 256) => pad([...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WEBPVP8 ')], size),
  pdf: (size = 256) => pad([...Buffer.from('%PDF-1.7\n')], size),
  /** A Windows executable, whatever name it is given. */
  exe: (size = 256) => pad([0x4d, 0x5a, 0x90, 0x00], size),
};

function pad(head: number[], size: number): Buffer {
  const buffer = Buffer.alloc(Math.max(size, head.length), 0x20);
  Buffer.from(head).copy(buffer);
  return buffer;
}
