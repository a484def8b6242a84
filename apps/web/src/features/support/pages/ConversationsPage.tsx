import { Grid, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../ui/PageHeader';
import { ConversationList } from '../components/ConversationList';
import { ConversationPanel } from '../components/ConversationPanel';

/** Merchants' consultant chats, answered by platform staff (`/staff/conversations`). */
export function ConversationsPage() {
  const { t } = useTranslation('support', { keyPrefix: 'conversations' });
  // `?conversation=<id>` names the open chat, so a reload or a shared link keeps it.
  const selectedId = useSearchParams()[0].get('conversation');

  return (
    <>
      <PageHeader title={t('title')} />
      <Text c="dimmed" mt={-12} mb="lg">
        {t('subtitle')}
      </Text>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, sm: 5, md: 4 }}>
          <ConversationList selectedId={selectedId} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 7, md: 8 }}>
          {selectedId ? (
            <ConversationPanel key={selectedId} id={selectedId} />
          ) : (
            <Paper withBorder radius="lg" p="xl">
              <Text c="dimmed" ta="center">
                {t('conversation.pick')}
              </Text>
            </Paper>
          )}
        </Grid.Col>
      </Grid>
    </>
  );
}
