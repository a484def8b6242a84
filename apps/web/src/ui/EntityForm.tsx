import { use, useEffect, type ComponentProps, type ReactNode } from 'react';
import { FormProvider, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { EntityGuardContext } from './EntityDrawer';
import { FormActions } from './FormActions';
import { FormBody } from './FormBody';

/** `useDomainForm`'s `formProps`: the server's message, busy while sending, the submit. */
type FormProps = Pick<ComponentProps<typeof FormBody>, 'error' | 'busy' | 'onSubmit'>;

/**
 * A `useDomainForm` form with its cancel and save buttons. Inside an `EntityDrawer` it tells the
 * drawer whether it has unsaved changes, and Cancel goes through the drawer's guard; alone,
 * Cancel calls `onCancel`.
 */
export function EntityForm<V extends FieldValues, O>({
  form,
  formProps,
  submitLabel,
  cancelLabel,
  onCancel,
  children,
}: {
  form: UseFormReturn<V, unknown, O>;
  formProps: FormProps;
  submitLabel: string;
  cancelLabel: string;
  onCancel?: () => void;
  children: ReactNode;
}) {
  const guard = use(EntityGuardContext);
  const { isDirty } = form.formState;
  const setDirty = guard?.setDirty;
  useEffect(() => {
    setDirty?.(isDirty);
    return () => setDirty?.(false);
  }, [setDirty, isDirty]);

  return (
    <FormProvider {...form}>
      <FormBody
        {...formProps}
        actions={
          <FormActions
            cancelLabel={cancelLabel}
            submitLabel={submitLabel}
            onCancel={() => (guard ? guard.requestClose() : onCancel?.())}
          />
        }
      >
        {children}
      </FormBody>
    </FormProvider>
  );
}
