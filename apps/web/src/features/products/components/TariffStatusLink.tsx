import { hasPermission, type TariffStatus } from '@despacho/domain';
import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../lib/useSession';

/** The merchant's classification requests, found by the product's name (the list's search). */
export const classificationsOf = (name: string) =>
  `/app/tariff-classification?${new URLSearchParams({ search: name }).toString()}`;

/**
 * A product's tariff status; once it has been sent to classification, a link to its request
 * (its result and dictamen) for whoever may open tariff classification.
 */
export function TariffStatusLink({ name, status }: { name: string; status: TariffStatus }) {
  const { t } = useTranslation('products');
  const permissions = useSession()?.user.permissions ?? [];
  const label = t(`tariffStatuses.${status}`);
  if (
    status === 'UNCLASSIFIED' ||
    !hasPermission(permissions, 'international_trade.tariff_classification')
  ) {
    return <Text fz="sm">{label}</Text>;
  }
  return (
    <Anchor component={Link} to={classificationsOf(name)} fz="sm">
      {label}
    </Anchor>
  );
}
