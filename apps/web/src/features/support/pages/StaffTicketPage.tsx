import { ticketCloseSchema, TICKET_RULES, type TicketAttachment } from '@despacho/domain';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useDateFormat } from '../../../lib/dates';
import { openFile } from '../../../lib/open-file';
import { messageOf } from '../../../lib/server-errors';
import { useSession } from '../../../lib/useSession';
import { PageHeader } from '../../../ui/PageHeader';
import { ReasonDialog } from '../../../ui/ReasonDialog';
import { MergeTicketDialog } from '../components/MergeTicketDialog';
import { TargetBadge } from '../components/TargetBadge';
import { TicketMessages } from '../components/TicketMessages';
import { TicketReplyForm } from '../components/TicketReplyForm';
import { TicketStatusBadge } from '../components/TicketStatusBadge';
import {
  staffTicketsApi,
  useAssignTicket,
  useCannedReplies,
  useCloseStaffTicket,
  useStaffReply,
  useStaffTicket,
  useSupportAgents,
} from '../staff-tickets-api';
import { Fact } from '../../../ui/Fact';

/**
 * `/staff/tickets/:id`: the whole conversation with internal notes, the targets, assignment,
 * public replies or internal notes (each with its files, canned replies at hand), merge and close.
 */
export function StaffTicketPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('tickets');
  const dates = useDateFormat();
  const me = useSession()?.user.id;
  const ticket = useStaffTicket(id);
  const agents = useSupportAgents();
  const canned = useCannedReplies();
  const assign = useAssignTicket(id);
  const reply = useStaffReply(id);
  const close = useCloseStaffTicket(id);
  const [internal, setInternal] = useState(false);
  const [closing, setClosing] = useState(false);
  const [merging, setMerging] = useState(false);

  if (ticket.isError) return <Alert color="red">{messageOf(ticket.error)}</Alert>;
  if (!ticket.data) return null;
  const data = ticket.data;
  const closed = data.status === 'closed';
  const fail = (error: unknown) => notifications.show({ color: 'red', message: messageOf(error) });
  const open = (attachment: TicketAttachment) =>
    void openFile(() => staffTicketsApi.attachment(id, attachment.id), attachment.name).catch(fail);

  return (
    <>
      <PageHeader
        title={t('staff.detail.title', { number: data.number })}
        badge={<TicketStatusBadge status={data.status} />}
        breadcrumbs={[
          { label: t('staff.title'), to: '/staff/tickets' },
          { label: `#${data.number}` },
        ]}
        subtitle={`${data.title} · ${data.organization_name} · ${t(`categories.${data.category}`)}`}
        action={
          !closed && (
            <Group>
              <Button variant="default" onClick={() => setMerging(true)}>
                {t('staff.detail.merge')}
              </Button>
              <Button color="red" variant="light" onClick={() => setClosing(true)}>
                {t('staff.detail.close')}
              </Button>
            </Group>
          )
        }
      />
      <Stack gap="lg">
        <Paper withBorder radius="lg" p="md">
          <SimpleGrid cols={{ base: 1, sm: 4 }}>
            <Fact label={t('detail.opened')}>{dates.dateTime(data.created_at)}</Fact>
            <Stack gap={2}>
              <Text fz="xs" c="dimmed">
                {t('staff.table.firstResponse')}
              </Text>
              <TargetBadge timing={data.first_response} />
            </Stack>
            <Stack gap={2}>
              <Text fz="xs" c="dimmed">
                {t('staff.table.resolution')}
              </Text>
              <TargetBadge timing={data.resolution} />
            </Stack>
            <Fact label={t('staff.detail.waitingOn')}>
              {t(`staff.detail.waiting.${data.waiting_on}`)}
            </Fact>
          </SimpleGrid>
          {data.link && (
            <Text fz="sm" mt="sm">
              {t('staff.detail.link', { kind: t(`links.${data.link.kind}`), id: data.link.id })}
            </Text>
          )}
          {closed && (
            <Text fz="sm" mt="sm">
              {t('staff.detail.closed', {
                by: t(`staff.detail.by.${data.closed_by ?? 'staff'}`),
                reason: data.close_reason ?? '—',
              })}
              {data.rating !== null && ` · ${t('staff.detail.rating', { rating: data.rating })}`}
            </Text>
          )}
          <Group mt="md" align="flex-end">
            <Select
              label={t('staff.detail.assignee')}
              placeholder={t('staff.detail.nobody')}
              data={(agents.data ?? []).map((agent) => ({ value: agent.id, label: agent.name }))}
              value={data.assignee?.id ?? null}
              onChange={(value) => assign.mutate(value, { onError: fail })}
              clearable
              w={260}
            />
            {me && data.assignee?.id !== me && (
              <Button variant="light" onClick={() => assign.mutate(me, { onError: fail })}>
                {t('staff.detail.takeIt')}
              </Button>
            )}
          </Group>
        </Paper>
        <Stack gap="sm">
          <Title order={2} fz="h4">
            {t('detail.conversation')}
          </Title>
          <TicketMessages messages={data.messages} onOpen={open} />
        </Stack>
        {!closed && (
          <TicketReplyForm
            label={t('staff.detail.reply')}
            send={(input) => reply.mutateAsync({ ...input, internal })}
            onSent={() =>
              notifications.show({
                color: 'green',
                message: t(internal ? 'staff.detail.noted' : 'staff.detail.sent'),
              })
            }
            extra={(setBody) => (
              <>
                <Checkbox
                  label={t('staff.detail.internalToggle')}
                  checked={internal}
                  onChange={(event) => setInternal(event.currentTarget.checked)}
                />
                <Select
                  aria-label={t('staff.detail.canned')}
                  placeholder={t('staff.detail.canned')}
                  data={(canned.data ?? []).map((item) => ({
                    value: item.body,
                    label: item.title,
                  }))}
                  value={null}
                  onChange={(body) => body && setBody(body)}
                  w={220}
                />
              </>
            )}
          />
        )}
      </Stack>
      <ReasonDialog
        opened={closing}
        onClose={() => setClosing(false)}
        schema={ticketCloseSchema}
        maxLength={TICKET_RULES.reasonMaxLength}
        rows={3}
        texts={{
          title: t('staff.detail.closeTitle'),
          body: t('staff.detail.closeBody'),
          reason: t('staff.detail.closeReason'),
          placeholder: t('staff.detail.closePlaceholder'),
          cancel: t('staff.detail.cancel'),
          submit: t('staff.detail.close'),
        }}
        submit={(reason) => close.mutateAsync(reason)}
        onDone={() => undefined}
      />
      <MergeTicketDialog id={id} opened={merging} onClose={() => setMerging(false)} />
    </>
  );
}
