import type { Registration } from '@despacho/domain';
import { Group, NativeSelect, TextInput } from '@mantine/core';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordFields } from './PasswordFields';

// Mexico first; then the countries our merchants sell to most.
const COUNTRY_CODES = ['+52', '+1', '+502', '+503', '+57', '+51', '+56', '+54', '+34'] as const;

/** The registration form before the user types. */
export const EMPTY_REGISTRATION: Registration = {
  name: '',
  last_name: '',
  phone_country_code: '+52',
  phone: '',
  password: '',
  password_confirmation: '',
};

/**
 * Who the user is, their phone and password, inside a react-hook-form provider: the sign-up
 * form and the invitation form ask the same.
 */
export function RegistrationFields({ phoneHint }: { phoneHint?: string }) {
  const { t } = useTranslation('auth');
  const {
    register,
    formState: { errors },
  } = useFormContext<Registration>();

  return (
    <>
      <Group grow align="flex-start">
        <TextInput
          label={t('fields.name')}
          autoComplete="given-name"
          error={errors.name?.message}
          {...register('name')}
        />
        <TextInput
          label={t('fields.lastName')}
          autoComplete="family-name"
          error={errors.last_name?.message}
          {...register('last_name')}
        />
      </Group>
      <Group align="flex-start" wrap="nowrap">
        <NativeSelect
          label={t('fields.phoneCountryCode')}
          data={COUNTRY_CODES.map((code) => ({
            value: code,
            label: `${code} ${t(`countries.${code}`)}`,
          }))}
          error={errors.phone_country_code?.message}
          w={150}
          {...register('phone_country_code')}
        />
        <TextInput
          label={t('fields.phone')}
          description={phoneHint}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={10}
          error={errors.phone?.message}
          style={{ flex: 1 }}
          {...register('phone')}
        />
      </Group>
      <PasswordFields />
    </>
  );
}
