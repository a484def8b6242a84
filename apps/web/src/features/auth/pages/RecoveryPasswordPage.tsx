import { passwordResetSchema } from '@despacho/domain';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { LOGIN_PATH } from '../../../lib/paths';
import { useDomainForm } from '../../../lib/useDomainForm';
import { authApi, authKeys } from '../api';
import { AuthForm } from '../components/AuthForm';
import { PasswordFields } from '../components/PasswordFields';
import { TokenGate } from '../components/TokenGate';

/** Sets a new password from the emailed recovery link. */
export function RecoveryPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const token = useParams().token ?? '';
  const check = useQuery({
    queryKey: authKeys.verifyResetToken({ query: { token } }),
    queryFn: () => authApi.verifyResetToken(token),
  });
  const { form, formProps } = useDomainForm({
    schema: passwordResetSchema,
    defaultValues: { password: '', password_confirmation: '' },
    submit: (passwords) => authApi.resetPassword(token, passwords),
    onSuccess: async () => {
      notifications.show({ color: 'teal', message: t('recovery.done') });
      await navigate(LOGIN_PATH, { replace: true });
    },
  });

  return (
    <TokenGate query={check}>
      {() => (
        <FormProvider {...form}>
          <AuthForm
            title={t('recovery.title')}
            subtitle={t('recovery.subtitle')}
            submitLabel={t('recovery.submit')}
            {...formProps}
          >
            <PasswordFields />
          </AuthForm>
        </FormProvider>
      )}
    </TokenGate>
  );
}
