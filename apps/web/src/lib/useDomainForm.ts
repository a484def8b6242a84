import type { z } from '@despacho/domain';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from './http';
import { domainResolver } from './form-resolver';
import { applyServerErrors } from './server-errors';
import { useSubmitFailure } from './useSubmitFailure';

/**
 * A form validated by a domain schema whose submit calls the API: field errors land under the
 * inputs (ours or the server's), the server's message in `error`. `onError` may take over an
 * error (return true), e.g. to send the user elsewhere. A submit that fails says so in a toast
 * and focuses the first field in error, wherever it is on the page.
 */
export function useDomainForm<S extends z.ZodType<FieldValues, FieldValues>, R>({
  schema,
  defaultValues,
  submit,
  onSuccess,
  onError,
}: {
  schema: S;
  defaultValues: DefaultValues<z.input<S>>;
  submit: (values: z.output<S>) => Promise<R>;
  onSuccess?: (result: R, values: z.output<S>) => unknown;
  onError?: (error: unknown) => boolean;
}) {
  const { t } = useTranslation('common');
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: domainResolver(schema),
    defaultValues,
    // The first field in error is focused in the page's order, after the errors render.
    shouldFocusError: false,
  });
  const [error, setError] = useState<string | null>(null);
  const { start: startSubmit, failed } = useSubmitFailure();

  const mutation = useMutation({
    mutationFn: submit,
    onSuccess,
    onError: (failure) => {
      if (onError?.(failure)) return;
      const message = applyServerErrors(failure, form.setError);
      setError(message);
      // The server's message stays above the fields; the toast points at the fields it refused.
      const onFields = failure instanceof ApiError && Object.keys(failure.fields).length > 0;
      failed(onFields ? t('form.invalid') : null);
    },
  });
  const onSubmit = (event?: FormEvent<HTMLFormElement>) => {
    startSubmit(event?.currentTarget);
    return form.handleSubmit(
      (values) => {
        setError(null);
        mutation.mutate(values);
      },
      () => failed(t('form.invalid')),
    )(event);
  };

  return { form, mutation, formProps: { error, busy: mutation.isPending, onSubmit } };
}
