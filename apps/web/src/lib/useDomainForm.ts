import type { z } from '@despacho/domain';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import { domainResolver } from './form-resolver';
import { applyServerErrors } from './server-errors';

/**
 * A form validated by a domain schema whose submit calls the API: field errors land under the
 * inputs (ours or the server's), the server's message in `error`. `onError` may take over an
 * error (return true), e.g. to send the user elsewhere.
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
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: domainResolver(schema),
    defaultValues,
  });
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: submit,
    onSuccess,
    onError: (failure) => {
      if (!onError?.(failure)) setError(applyServerErrors(failure, form.setError));
    },
  });
  const onSubmit = (event?: FormEvent<HTMLFormElement>) =>
    form.handleSubmit((values) => {
      setError(null);
      mutation.mutate(values);
    })(event);

  return { form, mutation, formProps: { error, busy: mutation.isPending, onSubmit } };
}
