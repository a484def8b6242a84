import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useId, type FormEventHandler, type ReactNode } from 'react';
import { FormBody } from '../../../ui/FormBody';

/**
 * One section of the account details screen: a titled card with its own form, the server's
 * message above the fields and the submit button below. Takes `formProps` of `useDomainForm`.
 */
export function SectionForm({
  title,
  subtitle,
  submitLabel,
  children,
  ...formProps
}: {
  title: string;
  subtitle?: ReactNode;
  error?: string | null;
  busy?: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'xl' }}
    >
      <Stack gap={4} mb="lg">
        <Title id={titleId} order={2} fz="lg">
          {title}
        </Title>
        {subtitle && (
          <Text c="dimmed" fz="sm">
            {subtitle}
          </Text>
        )}
      </Stack>
      <FormBody
        {...formProps}
        actions={
          <Group justify="flex-end">
            <Button type="submit">{submitLabel}</Button>
          </Group>
        }
      >
        {children}
      </FormBody>
    </Paper>
  );
}
