import { ScrollArea, SegmentedControl, type SegmentedControlProps } from '@mantine/core';
import { useEffect, useRef } from 'react';

/**
 * A row of filter segments (a list's statuses). On a phone it scrolls sideways rather than
 * being cut off at the screen's edge, and brings the chosen segment into sight (a list opened
 * on a later segment from a link or the URL would otherwise show it cut off).
 */
export function SegmentedFilter(props: SegmentedControlProps) {
  const viewport = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const area = viewport.current;
    const chosen = area?.querySelector('[data-active]');
    if (!area || !chosen) return;
    const shown = area.getBoundingClientRect();
    const segment = chosen.getBoundingClientRect();
    if (segment.right > shown.right) area.scrollLeft += segment.right - shown.right;
    else if (segment.left < shown.left) area.scrollLeft -= shown.left - segment.left;
  }, [props.value]);
  return (
    <ScrollArea type="auto" offsetScrollbars scrollbarSize={4} viewportRef={viewport}>
      <SegmentedControl {...props} />
    </ScrollArea>
  );
}
