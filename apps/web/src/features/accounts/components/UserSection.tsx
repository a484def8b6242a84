import {
  LANGUAGES,
  languageSchema,
  profileUpdateSchema,
  type User,
  type z,
} from '@despacho/domain';
import { Group, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage, setLanguage } from '../../../lib/i18n';
import { updateSession } from '../../../lib/session';
import { useDomainForm } from '../../../lib/useDomainForm';
import { useSession } from '../../../lib/useSession';
import { accountsApi } from '../../../lib/api/accounts';
import { notifySaved } from './notify';
import { SectionForm } from './SectionForm';

// Mexico first; then the countries our merchants sell to most (as in sign-up).
const COUNTRY_CODES = ['+52', '+1', '+502', '+503', '+57', '+51', '+56', '+54', '+34'] as const;

const userFormSchema = profileUpdateSchema.extend({ language: languageSchema });

/** `PUT users`, then `PATCH user/change-language` when the language changed. */
async function saveUser(values: z.output<typeof userFormSchema>): Promise<User> {
  const { language, ...profile } = values;
  const user = await accountsApi.updateProfile(profile);
  return user.language === language ? user : accountsApi.changeLanguage(language);
}

function UserForm({ user }: { user: User }) {
  const { t } = useTranslation('accounts');
  const { form, formProps } = useDomainForm({
    schema: userFormSchema,
    defaultValues: {
      name: user.name,
      last_name: user.last_name,
      phone_country_code: user.phone_country_code || COUNTRY_CODES[0],
      phone: user.phone,
      language: user.language,
    },
    submit: saveUser,
    onSuccess: async (saved) => {
      updateSession({ user: saved });
      if (saved.language !== currentLanguage()) await setLanguage(saved.language);
      notifySaved(t('user.saved', { lng: saved.language }));
    },
  });
  const { errors } = form.formState;
  const codes: readonly string[] = COUNTRY_CODES;

  return (
    <SectionForm
      title={t('user.title')}
      subtitle={t('user.subtitle')}
      submitLabel={t('user.submit')}
      {...formProps}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('user.name')}
          autoComplete="given-name"
          error={errors.name?.message}
          {...form.register('name')}
        />
        <TextInput
          label={t('user.lastName')}
          autoComplete="family-name"
          error={errors.last_name?.message}
          {...form.register('last_name')}
        />
      </SimpleGrid>
      <TextInput
        label={t('user.email')}
        description={t('user.emailHint')}
        value={user.email}
        readOnly
      />
      <Group align="flex-start" wrap="nowrap">
        <NativeSelect
          label={t('user.phoneCountryCode')}
          data={(codes.includes(user.phone_country_code) || !user.phone_country_code
            ? codes
            : [user.phone_country_code, ...codes]
          ).map((code) => ({
            value: code,
            label: `${code} ${t(`auth:countries.${code}`, { defaultValue: '' })}`.trim(),
          }))}
          w={150}
          error={errors.phone_country_code?.message}
          {...form.register('phone_country_code')}
        />
        <TextInput
          label={t('user.phone')}
          description={t('user.phoneHint')}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={10}
          style={{ flex: 1 }}
          error={errors.phone?.message}
          {...form.register('phone')}
        />
      </Group>
      <NativeSelect
        label={t('user.language')}
        data={LANGUAGES.map((language) => ({
          value: language,
          label: t(`user.languages.${language}`),
        }))}
        w={{ base: '100%', xs: 240 }}
        error={errors.language?.message}
        {...form.register('language')}
      />
    </SectionForm>
  );
}

/** The signed-in user's own details, from the session `GET me` keeps fresh. */
export function UserSection() {
  const user = useSession()?.user;
  return user ? <UserForm user={user} /> : null;
}
