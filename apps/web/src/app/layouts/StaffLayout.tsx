import { AppShell, Divider, NavLink, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowsExchange,
  IconRoute,
  IconBuildingBank,
  IconHistory,
  IconMessages,
  IconShieldCheck,
  IconBuildingWarehouse,
  IconTruckDelivery,
  IconPackageImport,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../lib/useSession';
import { AppFrame } from '../../ui/AppFrame';
import { LanguageMenu } from '../../ui/LanguageMenu';
import { PageOutlet } from './PageOutlet';
import { useCurrentAccount } from './useCurrentAccount';
import { UserMenu } from './UserMenu';

/** The console's sections; the verification queue is its first screen. */
const SECTIONS: { key: string; to: string; Icon: Icon; matches: (path: string) => boolean }[] = [
  {
    key: 'verifications',
    to: '/staff',
    Icon: IconShieldCheck,
    matches: (path) => path === '/staff' || path.startsWith('/staff/verifications'),
  },
  {
    key: 'conversations',
    to: '/staff/conversations',
    Icon: IconMessages,
    matches: (path) => path.startsWith('/staff/conversations'),
  },
  {
    key: 'bankTransfers',
    to: '/staff/bank-transfers',
    Icon: IconArrowsExchange,
    matches: (path) => path.startsWith('/staff/bank-transfers'),
  },
  {
    key: 'deposits',
    to: '/staff/deposits',
    Icon: IconBuildingBank,
    matches: (path) => path.startsWith('/staff/deposits'),
  },
  {
    key: 'warehouses',
    to: '/staff/warehouses',
    Icon: IconBuildingWarehouse,
    matches: (path) => path.startsWith('/staff/warehouses'),
  },
  {
    key: 'receiving',
    to: '/staff/receiving',
    Icon: IconPackageImport,
    matches: (path) => path.startsWith('/staff/receiving'),
  },
  {
    key: 'exits',
    to: '/staff/exits',
    Icon: IconTruckDelivery,
    matches: (path) => path.startsWith('/staff/exits'),
  },
  {
    key: 'jobs',
    to: '/staff/jobs',
    Icon: IconAlertTriangle,
    matches: (path) => path.startsWith('/staff/jobs'),
  },
  {
    key: 'flows',
    to: '/staff/flows',
    Icon: IconRoute,
    matches: (path) => path.startsWith('/staff/flows'),
  },
  {
    key: 'audit',
    to: '/staff/audit',
    Icon: IconHistory,
    matches: (path) => path.startsWith('/staff/audit'),
  },
];

/** The operators' console shell, for platform staff only (the router's guard sees to that). */
export function StaffLayout() {
  const { t } = useTranslation('staff');
  const session = useSession();
  const { pathname } = useLocation();
  useCurrentAccount();
  // Right after logout the session is gone while the router moves to the login page.
  if (!session) return null;

  return (
    <AppFrame
      home="/staff"
      brand={
        <>
          <Divider orientation="vertical" visibleFrom="xs" />
          <Title order={2} fz="sm" c="dimmed" fw={600} visibleFrom="xs">
            {t('title')}
          </Title>
        </>
      }
      tools={
        <>
          <LanguageMenu />
          <UserMenu user={session.user} withAccount={false} />
        </>
      }
      navbarWidth={240}
      navbar={(close) => (
        <AppShell.Navbar p="sm" component="nav" aria-label={t('nav.label')}>
          {SECTIONS.map(({ key, to, Icon, matches }) => (
            <NavLink
              key={key}
              component={Link}
              to={to}
              label={t(`nav.${key}`)}
              leftSection={<Icon size={20} stroke={1.6} />}
              active={matches(pathname)}
              aria-current={matches(pathname) ? 'page' : undefined}
              onClick={close}
              fw={600}
            />
          ))}
        </AppShell.Navbar>
      )}
    >
      <PageOutlet />
    </AppFrame>
  );
}
