import { Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A control with the reason it is disabled in a tooltip. A disabled element fires no pointer
 * events, so the tooltip listens on a wrapper.
 */
export function WithReason({ reason, children }: { reason: string | null; children: ReactNode }) {
  if (!reason) return children;
  return (
    <Tooltip label={reason} multiline w={260} withArrow>
      <span style={{ display: 'inline-block' }} tabIndex={0}>
        {children}
      </span>
    </Tooltip>
  );
}
