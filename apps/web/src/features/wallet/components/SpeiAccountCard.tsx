import { groupClabe, SPEI_CREDIT_DELAY_HOURS } from '@despacho/domain';
import {
  ActionIcon,
  Alert,
  Badge,
  Card,
  CopyButton,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconClock, IconCopy, IconFlask } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../lib/server-errors';
import { useSpeiAccount } from '../deposits-api';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {children}
    </div>
  );
}

/**
 * Where the merchant sends SPEI transfers: their own receiving CLABE (grouped bank, plaza,
 * account, check digit), the bank and the beneficiary, a copy button and how long it takes.
 */
export function SpeiAccountCard() {
  const { t } = useTranslation('deposits');
  const account = useSpeiAccount();

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="spei-title">
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Title order={2} fz="lg" id="spei-title">
            {t('account.title')}
          </Title>
          {account.data?.sandbox && (
            <Tooltip label={t('account.sandboxHint')}>
              <Badge color="yellow" variant="light" size="lg" leftSection={<IconFlask size={14} />}>
                {t('account.sandbox')}
              </Badge>
            </Tooltip>
          )}
        </Group>
        <Text fz="sm" c="dimmed">
          {t('account.description')}
        </Text>
        {account.isPending ? (
          <Skeleton height={140} />
        ) : account.isError ? (
          <Alert color="red" variant="light">
            {messageOf(account.error)}
          </Alert>
        ) : (
          <>
            <Fact label={t('account.clabe')}>
              <Group gap="xs" wrap="nowrap">
                <Text ff="monospace" fz={{ base: 'lg', sm: 'xl' }} fw={700}>
                  {groupClabe(account.data.clabe)}
                </Text>
                <CopyButton value={account.data.clabe} timeout={2000}>
                  {({ copied, copy }) => (
                    <Tooltip label={copied ? t('account.copied') : t('account.copy')} withArrow>
                      <ActionIcon
                        variant="light"
                        color={copied ? 'teal' : 'gray'}
                        onClick={copy}
                        aria-label={copied ? t('account.copied') : t('account.copy')}
                      >
                        {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                      </ActionIcon>
                    </Tooltip>
                  )}
                </CopyButton>
              </Group>
            </Fact>
            <Group gap="xl">
              <Fact label={t('account.bank')}>
                <Text>{account.data.bank_name}</Text>
              </Fact>
              <Fact label={t('account.beneficiary')}>
                <Text>{account.data.beneficiary}</Text>
              </Fact>
            </Group>
          </>
        )}
        <Alert color="blue" variant="light" icon={<IconClock size={18} />}>
          {t('account.delay', SPEI_CREDIT_DELAY_HOURS)}
        </Alert>
      </Stack>
    </Card>
  );
}
