import type { NotificationKind } from '@despacho/domain';
import { Badge } from '@mantine/core';
import {
  IconAlertCircle,
  IconAlertTriangle,
  IconBell,
  IconSpeakerphone,
  type Icon,
} from '@tabler/icons-react';

/** Each kind of spec §4 has its own colour and icon, and its name in words: never colour alone. */
export const NOTIFICATION_KIND_LOOK: Record<NotificationKind, { color: string; Icon: Icon }> = {
  ERROR: { color: 'red', Icon: IconAlertCircle },
  WARNING: { color: 'orange', Icon: IconAlertTriangle },
  NOTIFICATION: { color: 'blue', Icon: IconBell },
  NEWS: { color: 'teal', Icon: IconSpeakerphone },
};

/** The kind's badge; `label` is the kind's name in the reader's language. */
export function NotificationKindBadge({ kind, label }: { kind: NotificationKind; label: string }) {
  const { color, Icon } = NOTIFICATION_KIND_LOOK[kind];
  return (
    <Badge
      color={color}
      variant="light"
      size="sm"
      leftSection={<Icon size={12} aria-hidden />}
      data-kind={kind}
    >
      {label}
    </Badge>
  );
}
