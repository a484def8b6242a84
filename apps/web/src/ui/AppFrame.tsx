import { AppShell, Burger, Group, useMantineTheme } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from './Logo';

/**
 * The signed-in application shell, merchant or staff: header with the logo linking `home` (its
 * name from 600 px, so a phone has room for the tools), `brand` beside it and `tools` at the
 * right; the side menu (`navbar`, given a `close` to call on navigation), a drawer behind the
 * burger below the `sm` breakpoint; then the page.
 */
export function AppFrame({
  home,
  brand,
  tools,
  navbarWidth,
  navbar,
  children,
}: {
  home: string;
  brand?: ReactNode;
  tools: ReactNode;
  navbarWidth: number;
  navbar: (close: () => void) => ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure();
  const wide = useMediaQuery(`(min-width: ${useMantineTheme().breakpoints.sm})`);
  // Mantine only slides the closed drawer off screen, where Tab and screen readers still reach
  // its links: hidden once it has slid out (visibility waits for the transform's transition).
  const offScreen = wide === false && !opened;
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: navbarWidth, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'md', sm: 'xl' }}
      styles={{
        navbar: offScreen
          ? { visibility: 'hidden', transitionProperty: 'transform, visibility' }
          : {},
      }}
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
            <Link to={home} aria-label={t('navigation.home')} style={{ textDecoration: 'none' }}>
              <Logo nameFrom="xs" />
            </Link>
            {brand}
          </Group>
          {/* Each tool keeps its width (Mantine's default caps each at a third: the balance was cut). */}
          <Group gap="xs" wrap="nowrap" preventGrowOverflow={false}>
            {tools}
          </Group>
        </Group>
      </AppShell.Header>
      {navbar(close)}
      <AppShell.Main bg="var(--mantine-color-gray-0)">{children}</AppShell.Main>
    </AppShell>
  );
}
