import {
  CURRENCIES,
  organizationUpdateSchema,
  UNITS_OF_MEASURE,
  type Organization,
} from '@despacho/domain';
import { NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDomainForm } from '../../../lib/useDomainForm';
import { accountsApi, useOrganization, useOrganizationSaved } from '../../../lib/api/accounts';
import { Loaded } from './Loaded';
import { LogoCard } from './LogoCard';
import { notifySaved } from './notify';
import { SectionForm } from './SectionForm';

function OrganizationForm({ organization }: { organization: Organization }) {
  const { t } = useTranslation('accounts');
  const saved = useOrganizationSaved();
  const { form, formProps } = useDomainForm({
    schema: organizationUpdateSchema,
    defaultValues: {
      company: organization.company,
      abbreviation: organization.abbreviation,
      default_currency: organization.default_currency,
      default_unit: organization.default_unit,
    },
    submit: accountsApi.updateOrganization,
    onSuccess: (updated) => {
      saved(updated);
      form.reset({
        company: updated.company,
        abbreviation: updated.abbreviation,
        default_currency: updated.default_currency,
        default_unit: updated.default_unit,
      });
      notifySaved(t('organization.saved'));
    },
  });
  const { errors } = form.formState;

  return (
    <SectionForm
      title={t('organization.title')}
      subtitle={t('organization.subtitle')}
      submitLabel={t('organization.submit')}
      {...formProps}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('organization.company')}
          autoComplete="organization"
          error={errors.company?.message}
          {...form.register('company')}
        />
        <TextInput
          label={t('organization.abbreviation')}
          description={t('organization.abbreviationHint')}
          maxLength={15}
          error={errors.abbreviation?.message}
          {...form.register('abbreviation')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NativeSelect
          label={t('organization.currency')}
          data={CURRENCIES.map((code) => ({
            value: code,
            label: t(`organization.currencies.${code}`),
          }))}
          error={errors.default_currency?.message}
          {...form.register('default_currency')}
        />
        <NativeSelect
          label={t('organization.unit')}
          data={UNITS_OF_MEASURE.map((unit) => ({
            value: unit,
            label: t(`organization.units.${unit}`),
          }))}
          error={errors.default_unit?.message}
          {...form.register('default_unit')}
        />
      </SimpleGrid>
    </SectionForm>
  );
}

/** Company data and logo; saving updates the header at once through the session. */
export function OrganizationSection() {
  return (
    <Loaded query={useOrganization()}>
      {(organization) => (
        <Stack gap="lg">
          <LogoCard organization={organization} />
          <OrganizationForm organization={organization} />
        </Stack>
      )}
    </Loaded>
  );
}
