import { Image } from '@mantine/core';
import type { Organization } from '@despacho/domain';
import { useTranslation } from 'react-i18next';
import { useLogoSource } from '../../../lib/api/accounts';

/** The organization's logo at a given height, or nothing while it has none (or it loads). */
export function OrganizationLogo({
  organization,
  height = 32,
}: {
  organization: Pick<Organization, 'company' | 'logo_url'>;
  height?: number;
}) {
  const { t } = useTranslation('accounts');
  const source = useLogoSource(organization.logo_url);
  if (!source) return null;
  return (
    <Image
      src={source}
      alt={t('logo.alt', { company: organization.company })}
      h={height}
      w="auto"
      maw={height * 4}
      fit="contain"
    />
  );
}
