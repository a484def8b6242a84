import {
  TICKET_CATEGORIES,
  TICKET_LINK_KINDS,
  TICKET_RULES,
  ticketCreateSchema,
  type TicketLinkKind,
} from '@despacho/domain';
import { Button, Modal, NativeSelect, Select, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { messageOf } from '../../../lib/server-errors';
import { useDomainForm } from '../../../lib/useDomainForm';
import { FormBody } from '../../../ui/FormBody';
import { useLinkOptions } from '../link-options';
import { useOpenTicket } from '../tickets-api';
import { filesProblem, TicketFilesInput } from './TicketFilesInput';

/**
 * Opens a ticket: title, category, description, optionally one of the merchant's own records
 * it is about, and up to 5 files sent onto its first message; then the new ticket's page.
 * `previous` is a closed ticket the new one follows.
 */
export function NewTicketModal({
  opened,
  onClose,
  previous,
}: {
  opened: boolean;
  onClose: () => void;
  previous?: { id: string; number: number };
}) {
  const { t } = useTranslation('tickets');
  const navigate = useNavigate();
  const [files, setFiles] = useState<File[]>([]);
  const [kind, setKind] = useState<TicketLinkKind | null>(null);
  const [search, setSearch] = useState('');
  const options = useLinkOptions(kind, search);
  const openTicket = useOpenTicket();
  const { form, formProps } = useDomainForm({
    schema: ticketCreateSchema,
    defaultValues: {
      title: '',
      description: '',
      category: 'other',
      previous_ticket_id: previous?.id,
    },
    submit: (input) => openTicket.mutateAsync({ input, files }),
    onSuccess: ({ ticket, uploadError }) => {
      form.reset();
      setFiles([]);
      setKind(null);
      onClose();
      notifications.show({ color: 'green', message: t('form.opened', { number: ticket.number }) });
      // The ticket is open either way; a refused file is said on its page, to attach again there.
      if (uploadError) notifications.show({ color: 'red', message: messageOf(uploadError) });
      void navigate(`/app/support/ticket/${ticket.id}`);
    },
  });
  const { errors } = form.formState;

  return (
    <Modal opened={opened} onClose={onClose} title={t('form.title')} size="lg" centered>
      <FormBody
        {...formProps}
        // Files the server would refuse are not sent: the field already says why.
        onSubmit={(event) =>
          filesProblem(files) ? event.preventDefault() : formProps.onSubmit(event)
        }
        actions={
          <Button type="submit" loading={formProps.busy}>
            {t('actions.open')}
          </Button>
        }
      >
        {previous && (
          <TextInput
            readOnly
            label={t('form.previous', { number: previous.number })}
            value={`#${previous.number}`}
          />
        )}
        <TextInput
          label={t('form.titleField')}
          maxLength={TICKET_RULES.titleMaxLength}
          error={errors.title?.message}
          {...form.register('title')}
        />
        <NativeSelect
          label={t('form.category')}
          data={TICKET_CATEGORIES.map((value) => ({ value, label: t(`categories.${value}`) }))}
          error={errors.category?.message}
          {...form.register('category')}
        />
        <Textarea
          label={t('form.description')}
          rows={4}
          maxLength={TICKET_RULES.bodyMaxLength}
          error={errors.description?.message}
          {...form.register('description')}
        />
        <NativeSelect
          label={t('form.linkKind')}
          data={[
            { value: '', label: t('links.none') },
            ...TICKET_LINK_KINDS.map((value) => ({ value, label: t(`links.${value}`) })),
          ]}
          value={kind ?? ''}
          onChange={(event) => {
            const next = (event.currentTarget.value || null) as TicketLinkKind | null;
            setKind(next);
            form.setValue('link', undefined);
          }}
        />
        {kind && (
          <Controller
            control={form.control}
            name="link"
            render={({ field, fieldState }) => (
              <Select
                label={t('form.linkRecord')}
                placeholder={t('form.linkRecordPlaceholder')}
                searchable
                onSearchChange={setSearch}
                data={options.data ?? []}
                value={field.value?.id ?? null}
                onChange={(id) => field.onChange(id ? { kind, id } : undefined)}
                error={fieldState.error?.message}
              />
            )}
          />
        )}
        <TicketFilesInput value={files} onChange={setFiles} />
      </FormBody>
    </Modal>
  );
}
