import { Box, Stack } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { AppLoadingOverlay } from './AppLoadingOverlay';
import { ErrorAlert } from './ErrorAlert';

/**
 * The body of a form of `useDomainForm` (spread its `formProps`): covered by the loading overlay
 * while it sends, the server's message above the fields, then the fields and the actions.
 */
export function FormBody({
  error,
  busy = false,
  onSubmit,
  children,
  actions,
}: {
  error?: string | null;
  busy?: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Box component="form" pos="relative" onSubmit={onSubmit} noValidate>
      <AppLoadingOverlay visible={busy} />
      <Stack gap="md">
        <ErrorAlert error={error} />
        {children}
        {actions}
      </Stack>
    </Box>
  );
}
