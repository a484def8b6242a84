import { ticketReplySchema, TICKET_RULES } from '@despacho/domain';
import { Button, Group, Textarea } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDomainForm } from '../../../lib/useDomainForm';
import { FormBody } from '../../../ui/FormBody';
import { filesProblem, TicketFilesInput } from './TicketFilesInput';

/**
 * The box under a ticket's conversation: the reply and its files. `extra` sits beside the
 * send button (staff: internal note, canned replies); `body` lets them fill the text.
 */
export function TicketReplyForm({
  label,
  description,
  send,
  onSent,
  extra,
}: {
  label: string;
  description?: string;
  send: (input: { body: string; files: File[] }) => Promise<unknown>;
  onSent?: () => void;
  extra?: (setBody: (body: string) => void) => ReactNode;
}) {
  const { t } = useTranslation('tickets');
  const [files, setFiles] = useState<File[]>([]);
  const { form, formProps } = useDomainForm({
    schema: ticketReplySchema,
    defaultValues: { body: '' },
    submit: ({ body }) => send({ body, files }),
    onSuccess: () => {
      form.reset();
      setFiles([]);
      onSent?.();
    },
  });
  return (
    <FormBody
      {...formProps}
      onSubmit={(event) =>
        filesProblem(files) ? event.preventDefault() : formProps.onSubmit(event)
      }
      actions={
        <Group justify="space-between">
          <Group>{extra?.((body) => form.setValue('body', body))}</Group>
          <Button type="submit" loading={formProps.busy}>
            {t('actions.send')}
          </Button>
        </Group>
      }
    >
      <Textarea
        label={label}
        description={description}
        rows={3}
        maxLength={TICKET_RULES.bodyMaxLength}
        error={form.formState.errors.body?.message}
        {...form.register('body')}
      />
      <TicketFilesInput value={files} onChange={setFiles} />
    </FormBody>
  );
}
