import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** Why the server or a provider refused what was sent, above the form it concerns; nothing when nothing was refused. */
export function ErrorAlert({ error }: { error?: string | null }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
      {error}
    </Alert>
  );
}
