import { centavosToPesos, formatMoney, type OrderLineView } from '@despacho/domain';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLink, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { productCreatePath } from '../../../lib/product-prefill';
import { DataTable } from '../../../ui/DataTable';

/**
 * The order's lines with what is fulfilled, remaining and reserved (cards on a phone, where six
 * columns would scroll the quantities out of sight); an unmapped line offers to link it to a
 * catalogue variant or to create the product from its title, SKU and price.
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
        <DataTable<OrderLineView>
          rows={lines}
          rowKey={(line) => line.id}
          label={t('detail.lines.title')}
          minWidth={640}
          cardsBelow="sm"
          columns={[
            {
              key: 'product',
              header: t('detail.lines.product'),
              cardTitle: true,
              cell: (line) => (
                <LineProduct line={line} canLink={canLink} onLink={() => onLink(line)} />
              ),
            },
            {
              key: 'quantity',
              header: t('detail.lines.quantity'),
              align: 'right',
              cell: (line) => line.quantity,
            },
            {
              key: 'fulfilled',
              header: t('detail.lines.fulfilled'),
              align: 'right',
              cell: (line) => line.fulfilled_quantity,
            },
            {
              key: 'remaining',
              header: t('detail.lines.remaining'),
              align: 'right',
              cell: (line) => line.remaining_quantity,
            },
            {
              key: 'reserved',
              header: t('detail.lines.reserved'),
              align: 'right',
              cell: (line) => line.reserved_quantity,
            },
            {
              key: 'price',
              header: t('detail.lines.price'),
              align: 'right',
              cell: (line) => formatMoney(line.unit_price, currency),
            },
          ]}
        />
      </Stack>
    </Paper>
  );
}

function LineProduct({
  line,
  canLink,
  onLink,
}: {
  line: OrderLineView;
  canLink: boolean;
  onLink: () => void;
}) {
  const { t } = useTranslation('orders');
  return (
    <>
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
                onClick={onLink}
              >
                {t('detail.lines.link')}
              </Button>
              <Button
                size="compact-xs"
                variant="subtle"
                component={Link}
                to={productCreatePath({
                  name: line.title,
                  sku: line.sku ?? undefined,
                  price: centavosToPesos(line.unit_price),
                })}
                leftSection={<IconPlus size={14} />}
              >
                {t('detail.lines.createProduct')}
              </Button>
            </>
          )}
        </Group>
      )}
    </>
  );
}
