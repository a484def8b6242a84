import { errorMessage, formatMoney } from '@despacho/domain';
import { Alert, Anchor, Group, Paper, Skeleton, Text } from '@mantine/core';
import { IconAlertCircle, IconWallet } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../lib/i18n';

/**
 * The balance a payment is taken from and, when it falls `short`, the spec's text, what is
 * missing and a way to deposit that comes back here (or whom to ask, without the permission).
 */
export function BalanceCheck({
  available,
  loading,
  short,
  shortHint,
  depositsPath,
  canDeposit,
  testId,
  depositNote,
}: {
  /** Centavos; null when it could not be read ("—"). */
  available: number | null;
  loading: boolean;
  /** What is missing, in centavos; null when the balance covers the payment. */
  short: number | null;
  /** The screen's own sentence for what is missing ("… to cover the label"). */
  shortHint: (missing: string) => string;
  depositsPath: string;
  canDeposit: boolean;
  testId: string;
  /** Under the deposit link: what is kept meanwhile (a draft). */
  depositNote?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Paper withBorder radius="md" p="md">
        <Group gap="xs">
          <IconWallet size={18} aria-hidden />
          <Text fz="sm">{t('balance.available')}</Text>
        </Group>
        {loading ? (
          <Skeleton height={28} mt={4} />
        ) : (
          <Text fz="xl" fw={700} data-testid={testId}>
            {available === null ? '—' : formatMoney(available)}
          </Text>
        )}
      </Paper>
      {short !== null && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          <Text fw={600} fz="sm">
            {errorMessage('INSUFFICIENT_BALANCE', currentLanguage())}
          </Text>
          <Text fz="sm">{shortHint(formatMoney(short))}</Text>
          {canDeposit ? (
            <>
              <Anchor component={Link} to={depositsPath} fz="sm" fw={600}>
                {t('balance.deposit')}
              </Anchor>
              {depositNote}
            </>
          ) : (
            <Text fz="sm">{t('balance.askDeposit')}</Text>
          )}
        </Alert>
      )}
    </>
  );
}
