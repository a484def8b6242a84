import { Button, Group } from '@mantine/core';

/** The buttons under a form: cancel, then the submit button. */
export function FormActions({
  cancelLabel,
  submitLabel,
  onCancel,
}: {
  cancelLabel: string;
  submitLabel: string;
  onCancel: () => void;
}) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button type="submit">{submitLabel}</Button>
    </Group>
  );
}
