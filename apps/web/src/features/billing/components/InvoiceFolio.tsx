import type { InvoiceView } from '@despacho/domain';
import { Text } from '@mantine/core';

/** An invoice's folio, and its fiscal UUID once stamped: how both billing lists name it. */
export function InvoiceFolio({ invoice }: { invoice: Pick<InvoiceView, 'folio_label' | 'uuid'> }) {
  return (
    <>
      <Text fz="sm" fw={600}>
        {invoice.folio_label}
      </Text>
      {invoice.uuid && (
        <Text fz="xs" c="dimmed" ff="monospace">
          {invoice.uuid}
        </Text>
      )}
    </>
  );
}
