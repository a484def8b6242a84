import { List, PasswordInput, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PASSWORD_RULES } from '../password-rules';

interface PasswordValues {
  password: string;
  password_confirmation: string;
}

/** Password, its live rules checklist and the confirmation, inside a react-hook-form provider. */
export function PasswordFields() {
  const { t } = useTranslation('auth');
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<PasswordValues>();
  const password = useWatch({ control, name: 'password' }) ?? '';

  return (
    <>
      <Stack gap={8}>
        <PasswordInput
          label={t('fields.password')}
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <List spacing={4} size="sm" aria-label={t('passwordRules.title')}>
          {PASSWORD_RULES.map(([rule, test]) => {
            const met = test(password);
            return (
              <List.Item
                key={rule}
                icon={
                  <ThemeIcon size={18} radius="xl" color={met ? 'teal' : 'gray'} variant="light">
                    {met ? <IconCheck size={12} stroke={3} /> : <IconX size={12} stroke={3} />}
                  </ThemeIcon>
                }
              >
                <Text fz="sm" c={met ? 'teal' : 'dimmed'}>
                  {t(`passwordRules.${rule}`)}
                </Text>
              </List.Item>
            );
          })}
        </List>
      </Stack>
      <PasswordInput
        label={t('fields.passwordConfirmation')}
        autoComplete="new-password"
        error={errors.password_confirmation?.message}
        {...register('password_confirmation')}
      />
    </>
  );
}
