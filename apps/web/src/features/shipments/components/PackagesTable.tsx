import { formatMoney, SAT_COMMON_UNITS, type ShipmentDetail } from '@despacho/domain';
import { Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDimensions, formatKg } from '../format';

const unitName = (code: string) => SAT_COMMON_UNITS.find((unit) => unit.code === code)?.name;

/** Each package with its size and weight, and the products it holds with their SAT keys. */
export function PackagesTable({ packages }: { packages: ShipmentDetail['packages'] }) {
  const { t } = useTranslation('shipments');
  return (
    <Stack gap="md">
      {packages.map((pkg, index) => {
        const name = pkg.name ?? t('detail.packages.numbered', { number: index + 1 });
        return (
          <Paper key={index} withBorder radius="md" p="md" component="section" aria-label={name}>
            <Group justify="space-between" mb="xs" wrap="wrap">
              <Text fw={700}>{name}</Text>
              <Group gap="xs">
                <Badge variant="light" color="gray">
                  {formatDimensions(pkg)}
                </Badge>
                <Badge variant="light" color="gray">
                  {formatKg(pkg.weight_kg)}
                </Badge>
              </Group>
            </Group>
            <Table.ScrollContainer minWidth={640}>
              <Table
                fz="sm"
                verticalSpacing={6}
                aria-label={t('detail.packages.products', { name })}
              >
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('detail.packages.description')}</Table.Th>
                    <Table.Th ta="right">{t('detail.packages.quantity')}</Table.Th>
                    <Table.Th>{t('detail.packages.satProduct')}</Table.Th>
                    <Table.Th>{t('detail.packages.satUnit')}</Table.Th>
                    <Table.Th ta="right">{t('detail.packages.unitValue')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {pkg.products.map((product, position) => (
                    <Table.Tr key={position}>
                      <Table.Td>{product.description}</Table.Td>
                      <Table.Td ta="right">{product.quantity}</Table.Td>
                      <Table.Td ff="monospace">{product.sat_product_code}</Table.Td>
                      <Table.Td>
                        <Text span ff="monospace" fz="sm">
                          {product.sat_unit_code}
                        </Text>
                        {unitName(product.sat_unit_code) && (
                          <Text span c="dimmed" fz="sm">
                            {` · ${unitName(product.sat_unit_code)}`}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td ta="right">{formatMoney(product.unit_value)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        );
      })}
    </Stack>
  );
}
