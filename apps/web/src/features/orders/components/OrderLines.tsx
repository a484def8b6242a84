import { formatMoney, type OrderLineView } from '@despacho/domain';
import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconLink, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * The order's lines with what is fulfilled, remaining and reserved; an unmapped line offers to
 * link it to a catalogue variant or to create the product.
 */
export function OrderLines({
  lines,
  currency,
  canLink,
  onLink,
}: {
  lines: readonly OrderLineView[];
  currency: string;
  canLink: boolean;
  onLink: (line: OrderLineView) => void;
}) {
  const { t } = useTranslation('orders');
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t('detail.lines.title')}
        </Title>
        <Table.ScrollContainer minWidth={640}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('detail.lines.product')}</Table.Th>
                <Table.Th ta="right">{t('detail.lines.quantity')}</Table.Th>
                <Table.Th ta="right">{t('detail.lines.fulfilled')}</Table.Th>
                <Table.Th ta="right">{t('detail.lines.remaining')}</Table.Th>
                <Table.Th ta="right">{t('detail.lines.reserved')}</Table.Th>
                <Table.Th ta="right">{t('detail.lines.price')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((line) => (
                <Table.Tr key={line.id}>
                  <Table.Td>
                    <Text fz="sm" fw={600}>
                      {line.title}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {line.sku ?? t('detail.lines.noSku')}
                    </Text>
                    {line.variant_id === null && (
                      <Group gap="xs" mt={4}>
                        <Badge color="orange" variant="light">
                          {t('detail.lines.unmapped')}
                        </Badge>
                        {canLink && (
                          <>
                            <Button
                              size="compact-xs"
                              variant="light"
                              leftSection={<IconLink size={14} />}
                              onClick={() => onLink(line)}
                            >
                              {t('detail.lines.link')}
                            </Button>
                            <Button
                              size="compact-xs"
                              variant="subtle"
                              component={Link}
                              to="/app/products/create"
                              leftSection={<IconPlus size={14} />}
                            >
                              {t('detail.lines.createProduct')}
                            </Button>
                          </>
                        )}
                      </Group>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{line.quantity}</Table.Td>
                  <Table.Td ta="right">{line.fulfilled_quantity}</Table.Td>
                  <Table.Td ta="right">{line.remaining_quantity}</Table.Td>
                  <Table.Td ta="right">{line.reserved_quantity}</Table.Td>
                  <Table.Td ta="right">{formatMoney(line.unit_price, currency)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}
