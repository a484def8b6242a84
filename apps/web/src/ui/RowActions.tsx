import { ActionIcon, Group, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

export interface RowAction {
  /** What a screen reader announces: names the row ("Editar Bodega Norte"). */
  label: string;
  /** The short hint shown on hover ("Editar"). */
  tooltip?: string;
  icon: ReactNode;
  color?: string;
  onClick: () => void;
  loading?: boolean;
  hidden?: boolean;
}

/** The icon buttons at the end of a list row: edit, delete and the like. */
export function RowActions({ actions }: { actions: readonly RowAction[] }) {
  return (
    <Group gap={4} wrap="nowrap">
      {actions
        .filter((action) => !action.hidden)
        .map((action) => {
          const button = (
            <ActionIcon
              key={action.label}
              variant="subtle"
              color={action.color}
              aria-label={action.label}
              loading={action.loading}
              onClick={action.onClick}
            >
              {action.icon}
            </ActionIcon>
          );
          return action.tooltip ? (
            <Tooltip key={action.label} label={action.tooltip}>
              {button}
            </Tooltip>
          ) : (
            button
          );
        })}
    </Group>
  );
}
