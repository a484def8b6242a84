import { TICKET_CATEGORIES, ticketFromConversationSchema, TICKET_RULES } from '@despacho/domain';
import { Button, Modal, NativeSelect, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDomainForm } from '../../../lib/useDomainForm';
import { FormBody } from '../../../ui/FormBody';
import { useTicketFromConversation } from '../staff-tickets-api';

/** Turns the advisor chat into a ticket of its organization and opens it on the helpdesk. */
export function TicketFromChatButton({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation('tickets');
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const create = useTicketFromConversation(conversationId);
  const { form, formProps } = useDomainForm({
    schema: ticketFromConversationSchema,
    defaultValues: { title: '', category: 'other' },
    submit: (input) => create.mutateAsync(input),
    onSuccess: (ticket) => {
      setOpened(false);
      void navigate(`/staff/tickets/${ticket.id}`);
    },
  });
  const { errors } = form.formState;
  return (
    <>
      <Button variant="light" onClick={() => setOpened(true)}>
        {t('staff.fromChat.action')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('staff.fromChat.title')}
        centered
      >
        <FormBody
          {...formProps}
          actions={
            <Button type="submit" loading={formProps.busy}>
              {t('staff.fromChat.submit')}
            </Button>
          }
        >
          <TextInput
            label={t('staff.fromChat.titleField')}
            maxLength={TICKET_RULES.titleMaxLength}
            error={errors.title?.message}
            {...form.register('title')}
          />
          <NativeSelect
            label={t('staff.fromChat.category')}
            data={TICKET_CATEGORIES.map((value) => ({ value, label: t(`categories.${value}`) }))}
            {...form.register('category')}
          />
        </FormBody>
      </Modal>
    </>
  );
}
