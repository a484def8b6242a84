import { Button, Stack, Text, Title } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { FormBody } from '../../../ui/FormBody';

/**
 * Heading, server error, fields and submit button of an auth screen, covered by the overlay
 * while it sends. Takes `formProps` of `useDomainForm` as they are.
 */
export function AuthForm({
  eyebrow,
  title,
  subtitle,
  error,
  busy = false,
  onSubmit,
  submitLabel,
  children,
  footer,
}: {
  eyebrow?: string;
  title: string;
  subtitle?: ReactNode;
  error?: string | null;
  busy?: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Without it the form shows no button (e.g. once it is done). */
  submitLabel?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Stack gap="xl">
      <Stack gap={6}>
        {eyebrow && (
          <Text fz="xs" fw={700} tt="uppercase" c="petrol.7" lts={0.5}>
            {eyebrow}
          </Text>
        )}
        <Title order={1} fz={28}>
          {title}
        </Title>
        {subtitle && <Text c="dimmed">{subtitle}</Text>}
      </Stack>
      <FormBody
        error={error}
        busy={busy}
        onSubmit={onSubmit}
        actions={
          submitLabel && (
            <Button type="submit" size="md" fullWidth>
              {submitLabel}
            </Button>
          )
        }
      >
        {children}
      </FormBody>
      {footer}
    </Stack>
  );
}
