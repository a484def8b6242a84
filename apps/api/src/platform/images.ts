import { open } from 'node:fs/promises';
import sharp, { type Sharp } from 'sharp';
import { AppError } from './errors';
import { sniffKind, type FileKind } from './files';

/** The image kinds accepted, read from the content by `sniffKind` (never the name or the MIME). */
export const IMAGE_KINDS = ['jpeg', 'png', 'webp'] as const satisfies readonly FileKind[];
export type ImageKind = (typeof IMAGE_KINDS)[number];

export const IMAGE_RULES = {
  /** Bytes of the uploaded file. */
  maxBytes: 5 * 1024 * 1024,
  /**
   * Width × height the header may declare: checked by sharp before any pixel is decoded, so a
   * small file that would inflate to gigabytes (a pixel bomb) is refused for the cost of a read.
   */
  maxPixels: 40_000_000,
  /** Longest side of the version shown on screen, and of the thumbnail; never enlarged. */
  largeSide: 1200,
  thumbnailSide: 320,
} as const;

export interface ImageVersion {
  content: Buffer;
  format: 'webp';
  width: number;
  height: number;
  bytes: number;
}

export interface ProcessedImage {
  /** What the upload really was, its size as seen once rotated upright. */
  source: { kind: ImageKind; width: number; height: number; bytes: number };
  large: ImageVersion;
  thumbnail: ImageVersion;
}

const LABEL: Record<ImageKind, string> = { jpeg: 'JPEG', png: 'PNG', webp: 'WebP' };

const typeNotAllowed = () =>
  new AppError('FILE_TYPE_NOT_ALLOWED', {
    allowed: IMAGE_KINDS.map((kind) => LABEL[kind]).join(', '),
  });

const tooLarge = () =>
  new AppError('FILE_TOO_LARGE', { max: `${IMAGE_RULES.maxBytes / (1024 * 1024)} MB` });

const tooManyPixels = () =>
  new AppError('IMAGE_TOO_MANY_PIXELS', { max: IMAGE_RULES.maxPixels / 1_000_000 });

const isImageKind = (kind: FileKind | null): kind is ImageKind =>
  IMAGE_KINDS.includes(kind as ImageKind);

/** A file on disk (e.g. one `FileStore` just received): its size first, its bytes if it fits. */
async function readBounded(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    if (size > IMAGE_RULES.maxBytes) throw tooLarge();
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/**
 * Decoding options for untrusted input: the pixel limit (read from the header, before
 * decoding), corrupt or truncated pixel data refused rather than padded with grey ('error'
 * also implies 'truncated'; mere warnings, common in phones' JPEGs, pass), only the first
 * frame of an animated WebP, and the EXIF orientation applied.
 */
const decoder = (content: Buffer): Sharp =>
  sharp(content, {
    limitInputPixels: IMAGE_RULES.maxPixels,
    failOn: 'error',
    autoOrient: true,
    pages: 1,
  });

/** sharp's refusals: the pixel limit by its own message, anything else as an unreadable image. */
function refusal(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return /pixel limit/i.test(message) ? tooManyPixels() : new AppError('IMAGE_UNREADABLE');
}

async function version(content: Buffer, side: number, quality: number): Promise<ImageVersion> {
  // No `keepMetadata`/`withMetadata`: sharp writes no EXIF, XMP, IPTC or ICC, and converts to sRGB.
  const { data, info } = await decoder(content)
    .resize(side, side, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality })
    .toBuffer({ resolveWithObject: true });
  return {
    content: data,
    format: 'webp',
    width: info.width,
    height: info.height,
    bytes: data.length,
  };
}

/**
 * An uploaded image, checked and re-encoded: the type from its first bytes (JPEG, PNG or WebP,
 * else FILE_TYPE_NOT_ALLOWED), at most 5 MB (FILE_TOO_LARGE), at most 40 megapixels
 * (IMAGE_TOO_MANY_PIXELS, before decoding), fully decodable (IMAGE_UNREADABLE). It answers a
 * WebP of at most 1200 px and a 320 px thumbnail (longest side, never enlarged), upright and
 * with no metadata at all (GPS, camera, orientation): nothing of the original is kept.
 */
export async function processImage(input: Buffer | { path: string }): Promise<ProcessedImage> {
  if (Buffer.isBuffer(input) && input.length > IMAGE_RULES.maxBytes) throw tooLarge();
  const content = Buffer.isBuffer(input) ? input : await readBounded(input.path);
  if (content.length === 0) throw new AppError('FILE_REQUIRED');
  const kind = sniffKind(content.subarray(0, 16));
  if (!isImageKind(kind)) throw typeNotAllowed();
  try {
    const metadata = await decoder(content).metadata();
    // libvips sniffs on its own: it must agree with ours, or the file is not what it claims.
    if (metadata.format !== kind) throw typeNotAllowed();
    if (metadata.width * metadata.height > IMAGE_RULES.maxPixels) throw tooManyPixels();
    const [large, thumbnail] = await Promise.all([
      version(content, IMAGE_RULES.largeSide, 82),
      version(content, IMAGE_RULES.thumbnailSide, 75),
    ]);
    return {
      source: {
        kind,
        width: metadata.autoOrient.width,
        height: metadata.autoOrient.height,
        bytes: content.length,
      },
      large,
      thumbnail,
    };
  } catch (error) {
    throw refusal(error);
  }
}
