import type { VerificationStatus } from '@despacho/domain';
import { Badge, type BadgeProps } from '@mantine/core';

const COLORS: Record<VerificationStatus, string> = {
  not_started: 'gray',
  in_process: 'blue',
  verified: 'green',
  failed: 'red',
};

/** An account verification's status, coloured alike for merchants and staff; they word it. */
export function VerificationStatusBadge({
  status,
  label,
  ...props
}: { status: VerificationStatus; label: string } & Omit<BadgeProps, 'color' | 'children'>) {
  return (
    <Badge color={COLORS[status]} variant="light" {...props}>
      {label}
    </Badge>
  );
}
