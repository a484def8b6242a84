import { AppShell, Box, Divider, Text } from '@mantine/core';
import { OrganizationLogo } from '../../features/accounts/components/OrganizationLogo';
import { NotificationBell } from '../../features/notifications/components/NotificationBell';
import { BalanceBadge } from '../../features/wallet/components/BalanceBadge';
import { useSession } from '../../lib/useSession';
import { AppFrame } from '../../ui/AppFrame';
import { AppNavbar } from './AppNavbar';
import { LanguageMenu } from '../../ui/LanguageMenu';
import { PageOutlet } from './PageOutlet';
import { useCurrentAccount } from './useCurrentAccount';
import { UserMenu } from './UserMenu';

/** The signed-in shell: header, permission-filtered menu (a drawer below 1024 px), page. */
export function MainLayout() {
  const session = useSession();
  useCurrentAccount();
  // Right after logout the session is gone while the router moves to the login page.
  if (!session) return null;

  return (
    <AppFrame
      home="/app"
      brand={
        session.organization && (
          <>
            <Divider orientation="vertical" visibleFrom="xs" />
            <Box visibleFrom="xs">
              <OrganizationLogo organization={session.organization} />
            </Box>
            <Text fz="sm" c="dimmed" fw={500} visibleFrom="xs" truncate maw={280}>
              {session.organization.company}
            </Text>
          </>
        )
      }
      tools={
        <>
          {session.organization && <BalanceBadge permissions={session.user.permissions} />}
          {session.organization && <NotificationBell />}
          <LanguageMenu />
          <UserMenu user={session.user} />
        </>
      }
      navbarWidth={280}
      navbar={(close) => (
        <AppShell.Navbar>
          <AppNavbar permissions={session.user.permissions} onNavigate={close} />
        </AppShell.Navbar>
      )}
    >
      <PageOutlet />
    </AppFrame>
  );
}
