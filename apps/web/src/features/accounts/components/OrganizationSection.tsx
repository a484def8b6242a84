import {
  CURRENCIES,
  ORGANIZATION_TIME_ZONES,
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

/** What the form edits of the organization, as the server answered it. */
const formValues = (organization: Organization) => ({
  company: organization.company,
  abbreviation: organization.abbreviation,
  default_currency: organization.default_currency,
  default_unit: organization.default_unit,
  time_zone: organization.time_zone,
});

function OrganizationForm({ organization }: { organization: Organization }) {
  const { t } = useTranslation('accounts');
  const { t: common } = useTranslation('common');
  const saved = useOrganizationSaved();
  const { form, formProps } = useDomainForm({
    schema: organizationUpdateSchema,
    defaultValues: formValues(organization),
    submit: accountsApi.updateOrganization,
    onSuccess: (updated) => {
      saved(updated);
      form.reset(formValues(updated));
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
      <NativeSelect
        label={t('organization.timeZone')}
        description={t('organization.timeZoneHint')}
        data={ORGANIZATION_TIME_ZONES.map((zone) => ({
          value: zone,
          label: common(`timeZones.${zone}`),
        }))}
        error={errors.time_zone?.message}
        {...form.register('time_zone')}
      />
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
