import { Checkbox, SimpleGrid, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

export interface CheckboxTreeItem {
  key: string;
  label: string;
  description?: string;
  disabled?: boolean;
}

export interface CheckboxTreeGroup {
  key: string;
  label: string;
  description?: ReactNode;
  /** Its box alone can't be used (beyond its items being disabled). */
  disabled?: boolean;
  /** Shown as its own box only: a group whose one item is the group itself. */
  single?: boolean;
  items: readonly CheckboxTreeItem[];
}

/**
 * Groups of checkboxes, two columns from `sm`: a group's box checks or clears all of its usable
 * items at once and shows "some" when only part is chosen (webhook events by domain, a member's
 * permissions by module).
 */
export function CheckboxTree({
  groups,
  value,
  onChange,
}: {
  groups: readonly CheckboxTreeGroup[];
  value: readonly string[];
  /** The keys chosen after a click. */
  onChange: (next: ReadonlySet<string>) => void;
}) {
  const chosen = new Set(value);
  const onToggle = (keys: readonly string[], on: boolean) => {
    const next = new Set(chosen);
    for (const key of keys) {
      if (on) next.add(key);
      else next.delete(key);
    }
    onChange(next);
  };
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
      {groups.map((group) => {
        const held = group.items.filter((item) => chosen.has(item.key)).length;
        const usable = group.items.filter((item) => !item.disabled).map((item) => item.key);
        return (
          <Stack key={group.key} gap={6}>
            <Checkbox
              label={group.label}
              description={group.description}
              styles={{ label: { fontWeight: 600 } }}
              checked={held === group.items.length}
              indeterminate={held > 0 && held < group.items.length}
              disabled={usable.length === 0 || group.disabled}
              onChange={() => onToggle(usable, !usable.every((key) => chosen.has(key)))}
            />
            {!group.single && (
              <Stack gap={6} pl={28}>
                {group.items.map((item) => (
                  <Checkbox
                    key={item.key}
                    size="sm"
                    label={item.label}
                    description={item.description}
                    checked={chosen.has(item.key)}
                    disabled={item.disabled}
                    onChange={(event) => onToggle([item.key], event.currentTarget.checked)}
                  />
                ))}
              </Stack>
            )}
          </Stack>
        );
      })}
    </SimpleGrid>
  );
}
