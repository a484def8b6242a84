import { TextInput } from '@mantine/core';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';

/** The email field of login, sign-up and recovery: same label, keyboard and autofill. */
export function EmailInput(props: ComponentProps<typeof TextInput>) {
  const { t } = useTranslation('auth');
  return <TextInput label={t('fields.email')} type="email" autoComplete="email" {...props} />;
}
