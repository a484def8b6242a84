import { formatMoney, hasPermission } from '@despacho/domain';
import { Badge, Skeleton, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useWalletBalance } from '../../../lib/api/wallet';

/**
 * The prepaid balance in the header. It links to deposits for users who may make them; the
 * tooltip tells how much is reserved for charges still completing.
 */
export function BalanceBadge({ permissions }: { permissions: readonly string[] }) {
  const { t } = useTranslation('wallet');
  const balance = useWalletBalance();
  if (balance.isPending) return <Skeleton height={26} width={120} radius="xl" />;
  if (!balance.data) return null;
  const { available_centavos: available, on_hold_centavos: onHold } = balance.data;
  const canDeposit = hasPermission(permissions, 'finances.deposits');
  const shown = formatMoney(available);
  const props = {
    size: 'lg',
    variant: 'light',
    color: available > 0 ? 'teal' : 'red',
    'aria-label': t('balance.label', { amount: shown }),
  } as const;
  const badge = canDeposit ? (
    <Badge {...props} component={Link} to="/app/finance/deposits" style={{ cursor: 'pointer' }}>
      {shown}
    </Badge>
  ) : (
    <Badge {...props}>{shown}</Badge>
  );
  return (
    <Tooltip
      label={onHold > 0 ? t('balance.onHold', { amount: formatMoney(onHold) }) : t('balance.hint')}
    >
      {badge}
    </Tooltip>
  );
}
