import { ScrollArea, SegmentedControl, type SegmentedControlProps } from '@mantine/core';

/**
 * A row of filter segments (a list's statuses). On a phone it scrolls sideways rather than
 * being cut off at the screen's edge.
 */
export function SegmentedFilter(props: SegmentedControlProps) {
  return (
    <ScrollArea type="auto" offsetScrollbars scrollbarSize={4}>
      <SegmentedControl {...props} />
    </ScrollArea>
  );
}
