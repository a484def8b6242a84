import type { z } from '@despacho/domain';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { focusFirstInvalid } from './form-focus';
import { ApiError } from './http';
import { domainResolver } from './form-resolver';
import { applyServerErrors } from './server-errors';

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
  const formElement = useRef<HTMLFormElement | null>(null);
  // Set by a failed submit; the effect after each render focuses once the errors are on screen
  // (the schema's errors render after `onInvalid` runs, the server's with it).
  const focusPending = useRef(false);
  const [, setFailures] = useState(0);
  useEffect(() => {
    if (focusPending.current && focusFirstInvalid(formElement.current)) {
      focusPending.current = false;
    }
  });
  // A form-wide message is shown above the fields; a field's may be far from the button.
  const failed = (message: string | null) => {
    // The toast only points at the fields: clicks go through it (at the bottom of a phone it
    // sits on the submit button) and, unhovered, it never pauses its own closing.
    if (message) {
      notifications.show({
        color: 'red',
        message,
        withCloseButton: false,
        style: { pointerEvents: 'none' },
      });
    }
    focusPending.current = true;
    setFailures((count) => count + 1);
  };

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
    if (event?.currentTarget) formElement.current = event.currentTarget;
    focusPending.current = false;
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
