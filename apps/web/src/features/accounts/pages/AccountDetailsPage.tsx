import { hasPermission } from '@despacho/domain';
import { Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../lib/useSession';
import { PageHeader } from '../../../ui/PageHeader';
import { DepositDataSection } from '../components/DepositDataSection';
import { OrganizationSection } from '../components/OrganizationSection';
import { PasswordSection } from '../components/PasswordSection';
import { TaxInfoSection } from '../components/TaxInfoSection';
import { UserSection } from '../components/UserSection';

const SECTIONS = {
  organization: OrganizationSection,
  tax: TaxInfoSection,
  user: UserSection,
  password: PasswordSection,
  deposit: DepositDataSection,
} as const;
type SectionKey = keyof typeof SECTIONS;
const ALL_KEYS = Object.keys(SECTIONS) as SectionKey[];
/** The user's own sections; the others are the company's, for `settings.my_company`. */
const PERSONAL: readonly SectionKey[] = ['user', 'password'];

/**
 * `settings/details`: organization, tax information, user, password and deposit data, one tab
 * each; `?tab=` keeps the open one across reloads and lets other screens link to a section.
 */
export function AccountDetailsPage() {
  const { t } = useTranslation('accounts');
  const { t: tn } = useTranslation('navigation');
  const [params, setParams] = useSearchParams();
  const permissions = useSession()?.user.permissions ?? [];
  const company = hasPermission(permissions, 'settings.my_company');
  const tabs = company ? ALL_KEYS : ALL_KEYS.filter((key) => PERSONAL.includes(key));
  const requested = params.get('tab');
  const active = tabs.find((key) => key === requested) ?? tabs[0]!;
  const open = (tab: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', tab ?? active);
        return next;
      },
      { replace: true },
    );

  return (
    <>
      {/* Named as the entry that leads here: the menu's "Mi empresa", or the user menu's "Mi cuenta". */}
      <PageHeader
        title={company ? tn('screens.settingsDetails.title') : t('details.personalTitle')}
        breadcrumbs={[{ label: tn('modules.settings') }]}
      />
      <Text c="dimmed" mt={-12} mb="lg">
        {t('details.subtitle')}
      </Text>
      <Tabs value={active} onChange={open} keepMounted={false}>
        <Tabs.List aria-label={t('details.tabsLabel')} mb="lg">
          {tabs.map((key) => (
            <Tabs.Tab key={key} value={key}>
              {t(`details.tabs.${key}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((key) => {
          const Section = SECTIONS[key];
          return (
            <Tabs.Panel key={key} value={key} maw={880}>
              <Section />
            </Tabs.Panel>
          );
        })}
      </Tabs>
    </>
  );
}
