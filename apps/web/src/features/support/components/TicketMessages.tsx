import type { StaffTicketMessage, TicketAttachment, TicketMessage } from '@despacho/domain';
import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../lib/dates';

type Message = TicketMessage & Partial<Pick<StaffTicketMessage, 'internal'>>;

/**
 * A ticket's conversation, oldest first, each message with its own files. Staff see their
 * internal notes marked; a merchant's view never holds one.
 */
export function TicketMessages({
  messages,
  onOpen,
}: {
  messages: Message[];
  onOpen: (attachment: TicketAttachment) => void;
}) {
  const { t } = useTranslation('tickets');
  const dates = useDateFormat();
  return (
    <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
      {messages.map((message) => (
        <Paper
          key={message.id}
          component="li"
          withBorder
          radius="md"
          p="sm"
          bg={
            message.internal ? 'yellow.0' : message.author_kind === 'staff' ? 'blue.0' : undefined
          }
        >
          <Group justify="space-between" mb={4}>
            <Group gap="xs">
              <Text fw={600} fz="sm">
                {message.author_name ||
                  t(message.author_kind === 'staff' ? 'detail.staff' : 'detail.you')}
              </Text>
              {message.internal && (
                <Badge color="yellow" size="sm">
                  {t('staff.internal')}
                </Badge>
              )}
            </Group>
            <Text fz="xs" c="dimmed">
              {dates.dateTime(message.created_at)}
            </Text>
          </Group>
          <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {message.body}
          </Text>
          {message.attachments.length > 0 && (
            <Group gap="sm" mt="xs">
              {message.attachments.map((attachment) => (
                <Anchor
                  key={attachment.id}
                  component="button"
                  type="button"
                  fz="sm"
                  onClick={() => onOpen(attachment)}
                >
                  <Group gap={4}>
                    <IconPaperclip size={14} />
                    {attachment.name}
                  </Group>
                </Anchor>
              ))}
            </Group>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
