import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';

/** A create or edit form beside a list; the form is mounted only while the drawer is open. */
export function FormDrawer({
  opened,
  onClose,
  title,
  closeLabel,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  closeLabel: string;
  children: ReactNode;
}) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="lg"
      title={title}
      closeButtonProps={{ 'aria-label': closeLabel }}
    >
      {opened && children}
    </Drawer>
  );
}
