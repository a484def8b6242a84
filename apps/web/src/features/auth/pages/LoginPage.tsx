import { loginSchema } from '@despacho/domain';
import { Anchor, Checkbox, Group, PasswordInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/http';
import { homePath, REDIRECT_PARAM, safeRedirect } from '../../../lib/paths';
import { startSession } from '../../../lib/sign-in';
import { useDomainForm } from '../../../lib/useDomainForm';
import { authApi } from '../api';
import { AuthFooterLink } from '../components/AuthFooterLink';
import { AuthForm } from '../components/AuthForm';
import { EmailInput } from '../components/EmailInput';

/** Where a half-registered user continues, from the details of the login error. */
function unfinishedSignupPath(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const { user_id: userId, wizard_token: wizardToken } = error.details;
  if (error.code === 'PHONE_NOT_VERIFIED') {
    return `/auth/verify?${new URLSearchParams({ user_id: String(userId) }).toString()}`;
  }
  if (error.code === 'REGISTRATION_INCOMPLETE') return `/auth/wizard/${String(wizardToken)}`;
  return null;
}

export function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { form, formProps } = useDomainForm({
    schema: loginSchema,
    defaultValues: { email: '', password: '', remember_me: false },
    submit: authApi.login,
    onSuccess: async (session, credentials) => {
      await startSession(session, credentials.remember_me ? 'LOCAL' : 'SESSION');
      const target = safeRedirect(params.get(REDIRECT_PARAM)) ?? homePath(session.user);
      await navigate(target, { replace: true });
    },
    onError: (error) => {
      const next = unfinishedSignupPath(error);
      if (next) void navigate(next);
      return next !== null;
    },
  });
  const { errors } = form.formState;

  return (
    <AuthForm
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      submitLabel={t('login.submit')}
      {...formProps}
      footer={
        <AuthFooterLink text={t('login.noAccount')} to="/auth/register" label={t('login.signUp')} />
      }
    >
      <EmailInput error={errors.email?.message} {...form.register('email')} />
      <PasswordInput
        label={t('fields.password')}
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <Group justify="space-between">
        <Checkbox label={t('login.rememberMe')} {...form.register('remember_me')} />
        <Anchor component={Link} to="/auth/forgotten-pasword" fz="sm">
          {t('login.forgotten')}
        </Anchor>
      </Group>
    </AuthForm>
  );
}
