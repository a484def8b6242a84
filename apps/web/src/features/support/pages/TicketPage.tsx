import type { TicketAttachment } from '@despacho/domain';
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useDateFormat } from '../../../lib/dates';
import { openFile } from '../../../lib/open-file';
import { messageOf } from '../../../lib/server-errors';
import { PageHeader } from '../../../ui/PageHeader';
import { linkPath } from '../link-options';
import { NewTicketModal } from '../components/NewTicketModal';
import { TicketMessages } from '../components/TicketMessages';
import { TicketRating } from '../components/TicketRating';
import { TicketReplyForm } from '../components/TicketReplyForm';
import { TicketStatusBadge } from '../components/TicketStatusBadge';
import {
  ticketsApi,
  useCloseTicket,
  useRateTicket,
  useReplyTicket,
  useTicket,
} from '../tickets-api';
import { Fact } from '../../../ui/Fact';

/**
 * `support/ticket/{id}`: the conversation with its files, the record it is about, its status and
 * dates; the merchant replies (reopening it within 7 days of closing), marks it resolved, rates
 * it once closed, or opens a new ticket linked to it once it can no longer be reopened.
 */
export function TicketPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('tickets');
  const { t: nav } = useTranslation('navigation');
  const dates = useDateFormat();
  const ticket = useTicket(id);
  const reply = useReplyTicket(id);
  const close = useCloseTicket(id);
  const rate = useRateTicket(id);
  const [following, setFollowing] = useState(false);

  if (ticket.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {messageOf(ticket.error)}
      </Alert>
    );
  }
  if (!ticket.data) return null;
  const data = ticket.data;
  const closed = data.status === 'closed';
  const canReply = !data.merged_into_id && (!closed || data.can_reopen);
  const open = (attachment: TicketAttachment) =>
    void openFile(() => ticketsApi.attachment(id, attachment.id), attachment.name).catch(
      (error: unknown) => notifications.show({ color: 'red', message: messageOf(error) }),
    );

  return (
    <>
      <PageHeader
        title={t('detail.title', { number: data.number })}
        badge={<TicketStatusBadge status={data.status} />}
        breadcrumbs={[
          { label: nav('modules.help') },
          { label: nav('screens.supportTickets.title'), to: '/app/support/tickets' },
          { label: `#${data.number}` },
        ]}
        subtitle={data.title}
        action={
          !closed && (
            <Button
              variant="default"
              loading={close.isPending}
              onClick={() =>
                close.mutate(undefined, {
                  onSuccess: () =>
                    notifications.show({ color: 'green', message: t('detail.resolved') }),
                  onError: (error) =>
                    notifications.show({ color: 'red', message: messageOf(error) }),
                })
              }
            >
              {t('actions.close')}
            </Button>
          )
        }
      />
      <Stack gap="lg">
        <Paper withBorder radius="lg" p="md">
          <SimpleGrid cols={{ base: 1, sm: 4 }}>
            <Fact label={t('table.category')}>{t(`categories.${data.category}`)}</Fact>
            <Fact label={t('detail.opened')}>{dates.dateTime(data.created_at)}</Fact>
            <Fact label={t('detail.firstResponse')}>{dates.dateTime(data.first_response_at)}</Fact>
            <Fact label={t('detail.closed')}>{dates.dateTime(data.closed_at)}</Fact>
          </SimpleGrid>
          {data.link && (
            <Text fz="sm" mt="sm">
              {t('detail.about')}:{' '}
              <Anchor component={Link} to={linkPath(data.link.kind, data.link.id)}>
                {t(`links.${data.link.kind}`)}
              </Anchor>
            </Text>
          )}
          {data.previous_ticket_id && (
            <Anchor component={Link} to={`/app/support/ticket/${data.previous_ticket_id}`} fz="sm">
              {t('detail.previous')}
            </Anchor>
          )}
        </Paper>
        <Stack gap="sm">
          <Title order={2} fz="h4">
            {t('detail.conversation')}
          </Title>
          <TicketMessages messages={data.messages} onOpen={open} />
        </Stack>
        {closed && (
          <Alert color="gray">
            {t('detail.closedNotice')}{' '}
            {data.merged_into_id ? (
              <Anchor component={Link} to={`/app/support/ticket/${data.merged_into_id}`}>
                {t('detail.mergedInto')}
              </Anchor>
            ) : (
              data.close_reason && t('detail.closedReason', { reason: data.close_reason })
            )}
          </Alert>
        )}
        {closed && !data.merged_into_id && (
          <TicketRating rating={data.rating} rate={(input) => rate.mutateAsync(input)} />
        )}
        {canReply ? (
          <TicketReplyForm
            label={t('detail.reply')}
            description={closed ? t('detail.replyHint') : undefined}
            send={(input) => reply.mutateAsync(input)}
            onSent={() => notifications.show({ color: 'green', message: t('detail.sent') })}
          />
        ) : (
          closed &&
          !data.merged_into_id && (
            <Group>
              <Text fz="sm">{t('detail.reopenExpired')}</Text>
              <Button onClick={() => setFollowing(true)}>{t('actions.newLinked')}</Button>
            </Group>
          )
        )}
      </Stack>
      <NewTicketModal
        opened={following}
        previous={{ id: data.id, number: data.number }}
        onClose={() => setFollowing(false)}
      />
    </>
  );
}
