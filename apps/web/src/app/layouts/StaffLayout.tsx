import { AppShell, Divider, NavLink, ScrollArea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { NotificationBell } from '../../features/notifications/components/NotificationBell';
import { staffBellSource } from '../../features/notifications/staff-notifications-api';
import { useSession } from '../../lib/useSession';
import { AppFrame } from '../../ui/AppFrame';
import { LanguageMenu } from '../../ui/LanguageMenu';
import { PageOutlet } from './PageOutlet';
import { useCurrentAccount } from './useCurrentAccount';
import { UserMenu } from './UserMenu';
import { STAFF_MENU, staffMenuEntryAt, staffPath } from '../staff-navigation';

/** The operators' console shell, for platform staff only (the router's guard sees to that). */
export function StaffLayout() {
  const { t } = useTranslation('staff');
  const session = useSession();
  const { pathname } = useLocation();
  useCurrentAccount();
  const activeEntry = staffMenuEntryAt(pathname);
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
          <NotificationBell source={staffBellSource} />
          <LanguageMenu />
          <UserMenu user={session.user} withAccount={false} />
        </>
      }
      navbarWidth={240}
      navbar={(close) => (
        // The console's menu outgrows a short window: it scrolls, as the merchant's does.
        <AppShell.Navbar>
          <ScrollArea p="sm" component="nav" aria-label={t('nav.label')}>
            {STAFF_MENU.map((screen) => {
              const active = screen.id === activeEntry;
              const { Icon, label } = screen.menu;
              return (
                <NavLink
                  key={screen.id}
                  component={Link}
                  to={staffPath(screen)}
                  label={t(label)}
                  leftSection={<Icon size={20} stroke={1.6} />}
                  active={active}
                  aria-current={active ? 'page' : undefined}
                  onClick={close}
                  fw={600}
                />
              );
            })}
          </ScrollArea>
        </AppShell.Navbar>
      )}
    >
      <PageOutlet />
    </AppFrame>
  );
}
