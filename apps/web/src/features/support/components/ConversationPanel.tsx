import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../lib/server-errors';
import { ChatThread } from '../../../ui/ChatThread';
import { useAnswerConversation, useCloseConversation, useStaffConversation } from '../staff-api';
import { useDateFormat } from '../../../lib/dates';
import { TicketFromChatButton } from './TicketFromChatButton';

/** One organization's chat: read it, answer it, close it. */
export function ConversationPanel({ id }: { id: string }) {
  const dates = useDateFormat();
  const { t } = useTranslation('support', { keyPrefix: 'conversations' });
  const conversation = useStaffConversation(id);
  const answer = useAnswerConversation(id);
  const close = useCloseConversation(id);

  if (conversation.isPending) return <Skeleton h={480} radius="lg" />;
  if (conversation.isError && conversation.data === undefined) {
    return <Alert color="red">{messageOf(conversation.error)}</Alert>;
  }
  const { organization_name, status, created_at, messages } = conversation.data;
  const open = status === 'open';

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="conversation-title">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Group gap="xs">
              <Title order={2} fz="h4" id="conversation-title">
                {organization_name}
              </Title>
              <Badge color={open ? 'green' : 'gray'} variant="light">
                {t(`status.${status}`)}
              </Badge>
            </Group>
            <Text fz="sm" c="dimmed">
              {t('conversation.since', { date: dates.dateTime(created_at) })}
            </Text>
          </div>
          <Group gap="xs">
            {messages.length > 0 && <TicketFromChatButton conversationId={id} />}
            {open && (
              <Button
                variant="light"
                color="gray"
                loading={close.isPending}
                onClick={() => close.mutate()}
              >
                {t('conversation.close')}
              </Button>
            )}
          </Group>
        </Group>
        {close.isError && (
          <Text c="red" fz="sm" role="alert">
            {messageOf(close.error)}
          </Text>
        )}
        <ChatThread
          messages={messages}
          viewer="staff"
          closed={!open}
          onSend={(body) => answer.mutateAsync(body)}
          emptyText={t('conversation.empty')}
          height={420}
        />
      </Stack>
    </Paper>
  );
}
