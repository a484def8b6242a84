import { Button, Group } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormBody } from '../../../ui/FormBody';

/** The body of the invite and edit forms: server error, fields, cancel and submit. */
export function UserForm({
  onCancel,
  submitLabel,
  ...props
}: {
  error: string | null;
  busy: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel: () => void;
  submitLabel: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('users');
  return (
    <FormBody
      {...props}
      actions={
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onCancel}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit">{submitLabel}</Button>
        </Group>
      }
    />
  );
}
