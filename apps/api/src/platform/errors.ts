import type { ErrorCode } from '@despacho/domain';

/** A business error: services throw it, one handler turns it into status and localized text. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly params: Record<string, unknown> = {},
    readonly fields?: Record<string, string>,
  ) {
    super(code);
    this.name = 'AppError';
  }
}

export const notFound = () => new AppError('NOT_FOUND');
