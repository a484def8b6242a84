import type { OrderDetail } from '@despacho/domain';
import { Alert, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMapPinExclamation, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Who receives the order and where, with what SEPOMEX doubts; editable before anything ships. */
export function OrderCustomerCard({ order, onEdit }: { order: OrderDetail; onEdit: () => void }) {
  const { t } = useTranslation('orders');
  const address = order.shipping_address;
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} fz="h4">
            {t('address.title')}
          </Title>
          {order.address_editable && (
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconPencil size={14} />}
              onClick={onEdit}
            >
              {t('address.edit')}
            </Button>
          )}
        </Group>
        {address ? (
          <>
            <Text fw={600} fz="sm">
              {address.contact_name}
              {address.company ? ` · ${address.company}` : ''}
            </Text>
            <Text fz="sm">
              {/* A synced address may come without its neighborhood: no dangling comma then. */}
              {[
                `${address.street} ${address.external_number}`.trim() +
                  (address.internal_number ? ` int. ${address.internal_number}` : ''),
                address.neighborhood,
              ]
                .filter(Boolean)
                .join(', ')}
            </Text>
            <Text fz="sm">
              {address.zip} {address.municipality}, {address.state}
            </Text>
            <Text fz="xs" c="dimmed">
              {[address.email, address.phone].filter(Boolean).join(' · ')}
            </Text>
          </>
        ) : (
          <Text fz="sm" c="dimmed">
            {t('address.missing')}
          </Text>
        )}
        {order.address_issues.length > 0 && (
          <Alert
            color="orange"
            variant="light"
            icon={<IconMapPinExclamation size={18} />}
            title={t('address.issues.title')}
          >
            <List size="sm">
              {order.address_issues.map((code) => (
                <List.Item key={code}>
                  {t(`address.issues.${code}`, { defaultValue: code })}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
