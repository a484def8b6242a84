import { Alert, Badge, Card, Container, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDeviceMobile, IconMail } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../lib/server-errors';
import { AppLoadingOverlay } from '../../../ui/AppLoadingOverlay';
import { Logo } from '../../../ui/Logo';
import { mailboxApi, mailboxKeys } from '../api';
import { LinkifiedText } from '../components/LinkifiedText';
import { useDateFormat } from '../../../lib/dates';

const REFRESH_MS = 3000;

/** Development sandbox: the mails and SMS the app would have sent, newest first. */
export function MailboxPage() {
  const dates = useDateFormat();
  const { t } = useTranslation('mailbox');
  const [filter, setFilter] = useState('');
  const messages = useQuery({
    queryKey: mailboxKeys.list(),
    queryFn: mailboxApi.list,
    refetchInterval: REFRESH_MS,
  });
  const needle = filter.trim().toLowerCase();
  const shown = (messages.data ?? [])
    .filter((message) => !needle || message.recipient.toLowerCase().includes(needle))
    .toSorted((a, b) => b.created_at.localeCompare(a.created_at));

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Group justify="space-between">
          <Logo />
          <Badge color="orange" variant="light" size="lg">
            {t('sandbox')}
          </Badge>
        </Group>
        <Stack gap={4}>
          <Title order={1} fz={28}>
            {t('title')}
          </Title>
          <Text c="dimmed">{t('subtitle', { seconds: REFRESH_MS / 1000 })}</Text>
        </Stack>
        <TextInput
          label={t('filter')}
          placeholder={t('filterPlaceholder')}
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
        />
        {messages.error && (
          <Alert color="red" variant="light">
            {messageOf(messages.error)}
          </Alert>
        )}
        <Stack gap="sm" pos="relative" mih={120}>
          <AppLoadingOverlay visible={messages.isPending} />
          {messages.isSuccess && shown.length === 0 && (
            <Text c="dimmed" ta="center" py="xl">
              {t('empty')}
            </Text>
          )}
          {shown.map((message) => (
            <Card key={message.id} withBorder radius="md" component="article">
              <Group justify="space-between" align="flex-start" mb="xs" wrap="nowrap">
                <Group gap="xs" wrap="nowrap">
                  <Badge
                    variant="light"
                    color={message.channel === 'sms' ? 'grape' : 'blue'}
                    leftSection={
                      message.channel === 'sms' ? (
                        <IconDeviceMobile size={14} />
                      ) : (
                        <IconMail size={14} />
                      )
                    }
                  >
                    {t(`channels.${message.channel}`)}
                  </Badge>
                  <Text fw={600} fz="sm">
                    {message.recipient}
                  </Text>
                </Group>
                <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {dates.dateTime(message.created_at, { seconds: true })}
                </Text>
              </Group>
              {message.subject && (
                <Text fw={600} mb={4}>
                  {message.subject}
                </Text>
              )}
              <LinkifiedText text={message.body} />
            </Card>
          ))}
        </Stack>
      </Stack>
    </Container>
  );
}
