import { AppShell, Burger, Divider, Group, NavLink, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconArrowsExchange,
  IconBuildingBank,
  IconHistory,
  IconMessages,
  IconShieldCheck,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../lib/useSession';
import { Logo } from '../../ui/Logo';
import { LanguageMenu } from './LanguageMenu';
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
    key: 'audit',
    to: '/staff/audit',
    Icon: IconHistory,
    matches: (path) => path.startsWith('/staff/audit'),
  },
];

/** The operators' console shell, for platform staff only (the router's guard sees to that). */
export function StaffLayout() {
  const { t } = useTranslation('staff');
  const common = useTranslation().t;
  const session = useSession();
  const { pathname } = useLocation();
  const [opened, { toggle, close }] = useDisclosure();
  useCurrentAccount();
  // Right after logout the session is gone while the router moves to the login page.
  if (!session) return null;

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'md', sm: 'xl' }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={common(opened ? 'navigation.close' : 'navigation.open')}
            />
            <Link
              to="/staff"
              aria-label={common('navigation.home')}
              style={{ textDecoration: 'none' }}
            >
              <Logo />
            </Link>
            <Divider orientation="vertical" visibleFrom="xs" />
            <Title order={2} fz="sm" c="dimmed" fw={600} visibleFrom="xs">
              {t('title')}
            </Title>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <LanguageMenu />
            <UserMenu user={session.user} withAccount={false} />
          </Group>
        </Group>
      </AppShell.Header>
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
      <AppShell.Main bg="var(--mantine-color-gray-0)">
        <PageOutlet />
      </AppShell.Main>
    </AppShell>
  );
}
