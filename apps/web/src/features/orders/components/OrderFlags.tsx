import type { OrderFlag } from '@despacho/domain';
import { Alert, List } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Why the order cannot be labelled as it stands, each flag with what to do about it. */
export function OrderFlags({ flags }: { flags: readonly OrderFlag[] }) {
  const { t } = useTranslation('orders');
  if (flags.length === 0) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={t('detail.flags.title')}
    >
      <List size="sm">
        {flags.map((flag) => (
          <List.Item key={flag}>{t(`detail.flags.${flag}`)}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
