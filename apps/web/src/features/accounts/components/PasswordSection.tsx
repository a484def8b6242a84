import { passwordChangeSchema } from '@despacho/domain';
import { PasswordInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDomainForm } from '../../../lib/useDomainForm';
import { accountsApi } from '../../../lib/api/accounts';
import { notifySaved } from './notify';
import { SectionForm } from './SectionForm';

const EMPTY = { current_password: '', password: '', password_confirmation: '' };

/** `PUT auth/password/reset`: current password, new one and its confirmation (spec §5). */
export function PasswordSection() {
  const { t } = useTranslation('accounts');
  const { form, formProps } = useDomainForm({
    schema: passwordChangeSchema,
    defaultValues: EMPTY,
    submit: accountsApi.changePassword,
    onSuccess: () => {
      form.reset(EMPTY);
      notifySaved(t('password.saved'));
    },
  });
  const { errors } = form.formState;

  return (
    <SectionForm
      title={t('password.title')}
      subtitle={t('password.subtitle')}
      submitLabel={t('password.submit')}
      {...formProps}
    >
      <PasswordInput
        label={t('password.current')}
        autoComplete="current-password"
        error={errors.current_password?.message}
        {...form.register('current_password')}
      />
      <PasswordInput
        label={t('password.new')}
        description={t('password.newHint')}
        autoComplete="new-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <PasswordInput
        label={t('password.confirmation')}
        autoComplete="new-password"
        error={errors.password_confirmation?.message}
        {...form.register('password_confirmation')}
      />
    </SectionForm>
  );
}
