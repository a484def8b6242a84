import { Stack, Text } from '@mantine/core';

/**
 * A warehouse as staff lists show it: the name merchants chose it by, its code beneath for the
 * warehouse team (a code alone reads as nothing to whoever compares with the merchant's screen).
 */
export function WarehouseLabel({
  warehouse,
}: {
  warehouse: { name: string; code?: string | null };
}) {
  return (
    <Stack gap={0}>
      <Text fz="sm">{warehouse.name}</Text>
      {warehouse.code && (
        <Text fz="xs" c="dimmed">
          {warehouse.code}
        </Text>
      )}
    </Stack>
  );
}
