import { errorMessage } from '@despacho/domain';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './http';
import { currentLanguage } from './i18n';

/** The message to show for a failed call: the server's, or the generic one (spec §8). */
export function messageOf(error: unknown): string {
  return error instanceof ApiError
    ? error.message
    : errorMessage('INTERNAL_ERROR', currentLanguage());
}

/** Puts the server's per-field messages under the inputs; returns the message for the form. */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
): string {
  if (error instanceof ApiError) {
    for (const [field, message] of Object.entries(error.fields)) {
      setError(field as Path<T>, { type: 'server', message });
    }
  }
  return messageOf(error);
}
