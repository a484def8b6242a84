import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import type { z } from 'zod';
import { useDomainForm } from '../lib/useDomainForm';

/**
 * Staff refusing something (a deposit, a verification) with a reason the merchant reads as
 * written, checked with the same schema the API checks it with. The callers give the texts.
 */
export function ReasonDialog<R>({
  opened,
  onClose,
  schema,
  maxLength,
  rows,
  texts,
  submit,
  onDone,
}: {
  opened: boolean;
  onClose: () => void;
  schema: z.ZodType<{ reason: string }, { reason: string }>;
  maxLength: number;
  rows: number;
  texts: {
    title: string;
    body: string;
    reason: string;
    placeholder: string;
    cancel: string;
    submit: string;
  };
  submit: (reason: string) => Promise<R>;
  onDone: (result: R) => void;
}) {
  const { form, formProps } = useDomainForm({
    schema,
    defaultValues: { reason: '' },
    submit: ({ reason }) => submit(reason),
    onSuccess: (result) => {
      onDone(result);
      form.reset();
      onClose();
    },
  });

  return (
    <Modal opened={opened} onClose={onClose} title={texts.title} centered>
      <form onSubmit={formProps.onSubmit} noValidate>
        <Stack gap="md">
          <Text fz="sm" c="dimmed">
            {texts.body}
          </Text>
          {formProps.error && (
            <Alert color="red" variant="light">
              {formProps.error}
            </Alert>
          )}
          <Textarea
            label={texts.reason}
            placeholder={texts.placeholder}
            withAsterisk
            rows={rows}
            maxLength={maxLength}
            error={form.formState.errors.reason?.message}
            {...form.register('reason')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {texts.cancel}
            </Button>
            <Button type="submit" color="red" loading={formProps.busy}>
              {texts.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
