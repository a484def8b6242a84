import {
  CLASSIFICATION_RULES,
  classificationNotClassifiableSchema,
  classificationNoteSchema,
  classificationRejectSchema,
  formatTariffCode,
  NOT_CLASSIFIABLE_FEE_DECISIONS,
  NOT_CLASSIFIABLE_NEEDS,
  REJECT_FEE_DECISIONS,
} from '@despacho/domain';
import {
  Alert,
  Button,
  Group,
  Modal,
  Radio,
  Select,
  Stack,
  TagsInput,
  Textarea,
} from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { Controller, type Control, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDomainForm } from '../../../lib/useDomainForm';
import type {
  useNotClassifiable,
  useRejectClassification,
  useReturnToClassifier,
  useSendToReview,
} from '../staff-api';

const R = CLASSIFICATION_RULES;

/** What becomes of the fee with a decision: one of `choices`, labelled under `staff.<labels>`. */
function FeeDecision<T extends { fee: string }, C, O>({
  control,
  choices,
  labels,
}: {
  control: Control<T, C, O>;
  choices: readonly string[];
  labels: 'rejectFee' | 'notClassifiableFee';
}) {
  const { t } = useTranslation('classification');
  return (
    <Controller
      name={'fee' as Path<T>}
      control={control}
      render={({ field }) => (
        <Radio.Group label={t('staff.feeDecision')} value={field.value} onChange={field.onChange}>
          <Stack gap={6} mt={6}>
            {choices.map((value) => (
              <Radio key={value} value={value} label={t(`staff.${labels}.${value}`)} />
            ))}
          </Stack>
        </Radio.Group>
      )}
    />
  );
}

interface Shell {
  opened: boolean;
  onClose: () => void;
}

/** A staff decision's modal: its fields, the server's message, cancel and confirm. */
function DecisionModal({
  opened,
  onClose,
  title,
  formProps,
  submit,
  color,
  children,
}: Shell & {
  title: string;
  formProps: {
    error: string | null;
    busy: boolean;
    onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
  };
  submit: string;
  color?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('classification');
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form onSubmit={(event) => void formProps.onSubmit(event)} noValidate>
        <Stack gap="md">
          {formProps.error && (
            <Alert color="red" variant="light" role="alert">
              {formProps.error}
            </Alert>
          )}
          {children}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('staff.cancel')}
            </Button>
            <Button type="submit" color={color} loading={formProps.busy}>
              {submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Send to review, or back to the classifier, with an optional note. */
export function NoteDialog({
  action,
  title,
  submit,
  ...shell
}: Shell & {
  action: ReturnType<typeof useSendToReview | typeof useReturnToClassifier>;
  title: string;
  submit: string;
}) {
  const { t } = useTranslation('classification');
  const { form, formProps } = useDomainForm({
    schema: classificationNoteSchema,
    defaultValues: { note: '' },
    submit: ({ note }) => action.mutateAsync(note),
    onSuccess: shell.onClose,
  });
  return (
    <DecisionModal {...shell} title={title} submit={submit} formProps={formProps}>
      <Textarea
        label={t('staff.note')}

        rows={2}
        maxLength={R.reasonMax}
        error={form.formState.errors.note?.message}
        {...form.register('note')}
      />
    </DecisionModal>
  );
}

/** Insufficient information: back to the merchant with a reason; the fee kept or released. */
export function RejectDialog({
  action,
  ...shell
}: Shell & { action: ReturnType<typeof useRejectClassification> }) {
  const { t } = useTranslation('classification');
  const { form, formProps } = useDomainForm({
    schema: classificationRejectSchema,
    defaultValues: { reason: '', fee: 'keep' },
    submit: (values) => action.mutateAsync(values),
    onSuccess: shell.onClose,
  });
  return (
    <DecisionModal
      {...shell}
      title={t('staff.rejectTitle')}
      submit={t('staff.reject')}
      color="red"
      formProps={formProps}
    >
      <Textarea
        label={t('staff.reason')}
        description={t('staff.rejectHint')}
        withAsterisk

        rows={3}
        maxLength={R.reasonMax}
        error={form.formState.errors.reason?.message}
        {...form.register('reason')}
      />
      <FeeDecision control={form.control} choices={REJECT_FEE_DECISIONS} labels="rejectFee" />
    </DecisionModal>
  );
}

/** Needs a lab test, a sample or a formal ruling: the reason, the candidates, the fee's fate. */
export function NotClassifiableDialog({
  action,
  suggested,
  ...shell
}: Shell & { action: ReturnType<typeof useNotClassifiable>; suggested: string[] }) {
  const { t } = useTranslation('classification');
  const { form, formProps } = useDomainForm({
    schema: classificationNotClassifiableSchema,
    defaultValues: { reason: '', needs: 'lab_test', fee: 'refund', candidates: [] },
    submit: (values) =>
      action.mutateAsync({ ...values, candidates: values.candidates.map(formatTariffCode) }),
    onSuccess: shell.onClose,
  });
  const errors = form.formState.errors;
  return (
    <DecisionModal
      {...shell}
      title={t('staff.notClassifiableTitle')}
      submit={t('staff.notClassifiable')}
      color="orange"
      formProps={formProps}
    >
      <Controller
        name="needs"
        control={form.control}
        render={({ field }) => (
          <Select
            label={t('staff.needs')}
            data={NOT_CLASSIFIABLE_NEEDS.map((value) => ({ value, label: t(`needs.${value}`) }))}
            value={field.value}
            onChange={(value) => field.onChange(value)}
            allowDeselect={false}
          />
        )}
      />
      <Textarea
        label={t('staff.reason')}
        withAsterisk

        rows={3}
        maxLength={R.reasonMax}
        error={errors.reason?.message}
        {...form.register('reason')}
      />
      <Controller
        name="candidates"
        control={form.control}
        render={({ field, fieldState }) => (
          <TagsInput
            label={t('staff.candidateCodes')}
            description={t('staff.candidateCodesHint')}
            data={suggested}
            maxTags={R.candidatesMax}
            value={(field.value as string[] | undefined) ?? []}
            onChange={field.onChange}
            error={fieldState.error?.message ?? errors.candidates?.root?.message}
          />
        )}
      />
      <FeeDecision
        control={form.control}
        choices={NOT_CLASSIFIABLE_FEE_DECISIONS}
        labels="notClassifiableFee"
      />
    </DecisionModal>
  );
}
