import { Alert, Drawer, Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../lib/server-errors';
import { ChatThread } from '../../../ui/ChatThread';
import { useSendSupportMessage, useSupportConversation } from '../api';

/** The chat window with a Despacho consultant; it asks for answers every few seconds while open. */
export function ConsultantChat({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const conversation = useSupportConversation(opened);
  const send = useSendSupportMessage();

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="md"
      title={t('chat.title')}
      closeButtonProps={{ 'aria-label': t('chat.close') }}
    >
      {conversation.isPending ? (
        <Skeleton h={360} />
      ) : conversation.isError && conversation.data === undefined ? (
        <Alert color="red">{messageOf(conversation.error)}</Alert>
      ) : (
        <>
          {conversation.isError && (
            <Text c="red" fz="sm" mb="xs">
              {messageOf(conversation.error)}
            </Text>
          )}
          <ChatThread
            messages={conversation.data?.messages ?? []}
            viewer="merchant"
            onSend={(body) => send.mutateAsync(body)}
            emptyText={t('chat.intro')}
            height="calc(100dvh - 280px)"
          />
        </>
      )}
    </Drawer>
  );
}
