import { AppShell, Burger, Divider, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OrganizationLogo } from '../../features/accounts/components/OrganizationLogo';
import { BalanceBadge } from '../../features/wallet/components/BalanceBadge';
import { useSession } from '../../lib/useSession';
import { Logo } from '../../ui/Logo';
import { AppNavbar } from './AppNavbar';
import { LanguageMenu } from './LanguageMenu';
import { PageOutlet } from './PageOutlet';
import { useCurrentAccount } from './useCurrentAccount';
import { UserMenu } from './UserMenu';

/** The signed-in shell: header, permission-filtered menu (a drawer below 1024 px), page. */
export function MainLayout() {
  const { t } = useTranslation();
  const session = useSession();
  const [opened, { toggle, close }] = useDisclosure();
  useCurrentAccount();
  // Right after logout the session is gone while the router moves to the login page.
  if (!session) return null;

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 280, breakpoint: 'sm', collapsed: { mobile: !opened } }}
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
              aria-label={t(opened ? 'navigation.close' : 'navigation.open')}
            />
            <Link to="/app" aria-label={t('navigation.home')} style={{ textDecoration: 'none' }}>
              <Logo />
            </Link>
            {session.organization && (
              <>
                <Divider orientation="vertical" visibleFrom="xs" />
                <OrganizationLogo organization={session.organization} />
                <Text fz="sm" c="dimmed" fw={500} visibleFrom="xs" truncate maw={280}>
                  {session.organization.company}
                </Text>
              </>
            )}
          </Group>
          <Group gap="xs" wrap="nowrap">
            {session.organization && <BalanceBadge permissions={session.user.permissions} />}
            <LanguageMenu />
            <UserMenu user={session.user} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar>
        <AppNavbar permissions={session.user.permissions} onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main bg="var(--mantine-color-gray-0)">
        <PageOutlet />
      </AppShell.Main>
    </AppShell>
  );
}
