import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconLogout, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { User } from '@despacho/domain';
import { useLogout } from './useLogout';

/** `withAccount={false}`: platform staff have no merchant account screen to link to. */
export function UserMenu({ user, withAccount = true }: { user: User; withAccount?: boolean }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const fullName = `${user.name} ${user.last_name}`.trim();
  return (
    <Menu position="bottom-end" width={240}>
      <Menu.Target>
        <UnstyledButton>
          <Group gap="xs" wrap="nowrap">
            <Avatar name={fullName || user.email} color="initials" radius="xl" size={34} />
            <Text fz="sm" fw={600} visibleFrom="sm" maw={160} truncate>
              {user.name}
            </Text>
            {/* Named by what it shows (WCAG 2.5.3, label in name), then what it is. */}
            <VisuallyHidden>{t('userMenu.open')}</VisuallyHidden>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text fz="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {fullName}
          </Text>
          <Text fz="xs" c="dimmed" truncate>
            {user.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        {withAccount && (
          <Menu.Item
            component={Link}
            // The user's own section: "Mi cuenta" is the user, the menu's "Mi empresa" the company.
            to="/app/settings/details?tab=user"
            leftSection={<IconUser size={16} />}
          >
            {t('userMenu.account')}
          </Menu.Item>
        )}
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void logout()}>
          {t('userMenu.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
