import {
  messageCreateSchema,
  type ConversationMessage,
  type MessageAuthorKind,
} from '@despacho/domain';
import { Box, Button, Group, Paper, ScrollArea, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { domainResolver } from '../lib/form-resolver';
import { applyServerErrors } from '../lib/server-errors';
import { useDateFormat } from '../lib/dates';

export interface ChatThreadProps {
  messages: ConversationMessage[];
  /** Who is reading: their own messages sit on the right. */
  viewer: MessageAuthorKind;
  onSend: (body: string) => Promise<unknown>;
  /** A closed conversation shows its messages without the composer. */
  closed?: boolean;
  emptyText: string;
  height?: number | string;
}

/** A consultant chat: the messages, newest at the bottom, and the box to write the next one. */
export function ChatThread({
  messages,
  viewer,
  onSend,
  closed = false,
  emptyText,
  height = 360,
}: ChatThreadProps) {
  const { t } = useTranslation('chat');
  const viewport = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = viewport.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [messages.length]);

  return (
    <Stack gap="sm">
      <ScrollArea h={height} viewportRef={viewport} type="auto">
        {messages.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl" px="md">
            {emptyText}
          </Text>
        ) : (
          <Stack component="ol" role="log" aria-label={t('log')} gap="sm" m={0} p={4}>
            {messages.map((message) => (
              <MessageBubble
                key={message.id}
                message={message}
                own={message.author_kind === viewer}
              />
            ))}
          </Stack>
        )}
      </ScrollArea>
      {closed ? (
        <Text c="dimmed" fz="sm" ta="center">
          {t('closed')}
        </Text>
      ) : (
        <Composer onSend={onSend} />
      )}
    </Stack>
  );
}

function MessageBubble({ message, own }: { message: ConversationMessage; own: boolean }) {
  const dates = useDateFormat();
  const { t } = useTranslation('chat');
  return (
    <Box
      component="li"
      style={{ listStyle: 'none', alignSelf: own ? 'flex-end' : 'flex-start' }}
      maw="85%"
    >
      <Text fz="xs" c="dimmed" ta={own ? 'right' : 'left'}>
        {own ? t('you') : t(`authors.${message.author_kind}`)} ·{' '}
        {dates.dateTime(message.created_at)}
      </Text>
      <Paper
        px="sm"
        py={6}
        radius="lg"
        bg={own ? 'var(--mantine-primary-color-light)' : 'var(--mantine-color-gray-1)'}
      >
        <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.body}
        </Text>
      </Paper>
    </Box>
  );
}

function Composer({ onSend }: { onSend: (body: string) => Promise<unknown> }) {
  const { t } = useTranslation('chat');
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    resolver: domainResolver(messageCreateSchema),
    defaultValues: { body: '' },
  });

  const submit = form.handleSubmit(async ({ body }) => {
    setFailure(null);
    try {
      await onSend(body);
      form.reset({ body: '' });
    } catch (error) {
      setFailure(applyServerErrors(error, form.setError));
    }
  });

  // Enter sends, as in any chat; Shift+Enter starts a new line.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap={6}>
        <Textarea
          label={t('message')}
          placeholder={t('placeholder')}
          description={t('hint')}
          rows={3}
          resize="vertical"
          onKeyDown={onKeyDown}
          error={form.formState.errors.body?.message}
          {...form.register('body')}
        />
        {failure && (
          <Text c="red" fz="sm" role="alert">
            {failure}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t('send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
