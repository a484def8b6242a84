import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Asks before deleting `item`: open while there is one, its text and buttons only while open.
 * The page keeps its own texts (each in its locale namespace) and what confirming does.
 */
export function ConfirmDeleteModal<T>({
  item,
  onClose,
  title,
  text,
  cancelLabel,
  confirmLabel,
  busy,
  onConfirm,
}: {
  item: T | null;
  onClose: () => void;
  title: string;
  text: (item: T) => ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: (item: T) => void;
}) {
  return (
    <Modal opened={item !== null} onClose={onClose} title={title} centered>
      {item !== null && (
        <>
          <Text fz="sm">{text(item)}</Text>
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={onClose}>
              {cancelLabel}
            </Button>
            <Button color="red" loading={busy} onClick={() => onConfirm(item)}>
              {confirmLabel}
            </Button>
          </Group>
        </>
      )}
    </Modal>
  );
}
