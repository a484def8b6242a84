import { Checkbox, Group, PasswordInput } from '@mantine/core';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { homePath, REDIRECT_PARAM, safeRedirect } from '../../../lib/paths';
import { startSession } from '../../../lib/sign-in';
import { useSubmitFailure } from '../../../lib/useSubmitFailure';
import { AuthFooterLink } from '../components/AuthFooterLink';
import { AuthForm } from '../components/AuthForm';
import { EmailInput } from '../components/EmailInput';
import { AuthLink, useAuthNavigation } from '../navigation';

// The first screen of a cold visit (issue 21): no router, form library, zod or HTTP client until
// the visitor starts typing; then the shared schema and the client arrive (`login-logic.ts`).
const loadLogic = () => import('../login-logic');

interface LoginValues {
  email: string;
  password: string;
  remember_me: boolean;
}
type Field = keyof LoginValues;

export function LoginPage() {
  const { t } = useTranslation('auth');
  const { search, go } = useAuthNavigation();
  const [values, setValues] = useState<LoginValues>({
    email: '',
    password: '',
    remember_me: false,
  });
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // As react-hook-form does on the other forms: checked on submit, then again on every change.
  const [submitted, setSubmitted] = useState(false);
  const { start, failed } = useSubmitFailure();

  const change = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = {
      ...values,
      [field]: field === 'remember_me' ? event.currentTarget.checked : event.currentTarget.value,
    };
    setValues(next);
    if (!submitted) return;
    void loadLogic()
      .then((logic) => logic.checkLogin(next))
      .then((checked) =>
        setErrors((shown) => ({
          ...shown,
          [field]: 'errors' in checked ? checked.errors[field]?.message : undefined,
        })),
      );
  };
  const field = (name: Exclude<Field, 'remember_me'>) => ({
    name,
    value: values[name],
    onChange: change(name),
    onFocus: () => void loadLogic(),
    error: errors[name],
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    start(event.currentTarget);
    setSubmitted(true);
    let logic: Awaited<ReturnType<typeof loadLogic>>;
    try {
      logic = await loadLogic();
    } catch {
      // The code did not arrive (offline, a new deploy): the route error's advice, reload.
      setError(t('common:routeError.text'));
      failed(null);
      return;
    }
    const checked = await logic.checkLogin(values);
    if ('errors' in checked) {
      const shown = Object.entries(checked.errors).map(([name, issue]) => [name, issue.message]);
      setErrors(Object.fromEntries(shown));
      failed(t('common:form.invalid'));
      return;
    }
    setErrors({});
    setError(null);
    setBusy(true);
    try {
      const session = await logic.login(checked.values);
      await startSession(session, checked.values.remember_me ? 'LOCAL' : 'SESSION');
      const redirect = new URLSearchParams(search).get(REDIRECT_PARAM);
      await go(safeRedirect(redirect) ?? homePath(session.user), { replace: true });
    } catch (failure) {
      const next = logic.unfinishedSignupPath(failure);
      if (next) {
        await go(next);
        return;
      }
      const { message, fields } = logic.serverErrors(failure);
      setErrors(fields);
      setError(message);
      // The server's message stays above the fields; the toast points at the fields it refused.
      failed(Object.keys(fields).length > 0 ? t('common:form.invalid') : null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthForm
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      submitLabel={t('login.submit')}
      error={error}
      busy={busy}
      onSubmit={(event) => void onSubmit(event)}
      footer={
        <AuthFooterLink text={t('login.noAccount')} to="/auth/register" label={t('login.signUp')} />
      }
    >
      <EmailInput {...field('email')} />
      <PasswordInput
        label={t('fields.password')}
        autoComplete="current-password"
        {...field('password')}
      />
      <Group justify="space-between">
        <Checkbox
          label={t('login.rememberMe')}
          name="remember_me"
          checked={values.remember_me}
          onChange={change('remember_me')}
          onFocus={() => void loadLogic()}
        />
        <AuthLink to="/auth/forgotten-pasword" fz="sm">
          {t('login.forgotten')}
        </AuthLink>
      </Group>
    </AuthForm>
  );
}
