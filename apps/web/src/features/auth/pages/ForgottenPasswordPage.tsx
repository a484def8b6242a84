import { passwordResetRequestSchema } from '@despacho/domain';
import { Alert } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LOGIN_PATH } from '../../../lib/paths';
import { useDomainForm } from '../../../lib/useDomainForm';
import { authApi } from '../api';
import { AuthFooterLink } from '../components/AuthFooterLink';
import { AuthForm } from '../components/AuthForm';
import { EmailInput } from '../components/EmailInput';

/** Asks for a recovery link; the answer never tells whether the email has an account. */
export function ForgottenPasswordPage() {
  const { t } = useTranslation('auth');
  const { form, mutation, formProps } = useDomainForm({
    schema: passwordResetRequestSchema,
    defaultValues: { email: '' },
    submit: ({ email }) => authApi.requestPasswordReset(email),
  });

  return (
    <AuthForm
      title={t('forgotten.title')}
      subtitle={t('forgotten.subtitle')}
      submitLabel={mutation.isSuccess ? undefined : t('forgotten.submit')}
      {...formProps}
      footer={<AuthFooterLink to={LOGIN_PATH} label={t('common.backToLogin')} />}
    >
      {mutation.isSuccess ? (
        <Alert color="teal" variant="light" icon={<IconMailForward size={18} />}>
          {t('forgotten.sent', { email: mutation.variables.email })}
        </Alert>
      ) : (
        <EmailInput error={form.formState.errors.email?.message} {...form.register('email')} />
      )}
    </AuthForm>
  );
}
