import { impliesDashboard, rolePermissions, type PermissionKey } from '@despacho/domain';
import { Checkbox, Fieldset, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePermissionLabelKey } from '../../../lib/permission-labels';
import { PERMISSION_GROUPS } from '../permission-tree';

/**
 * The menu's modules and submodules as checkboxes: what a member may open. A module's box checks
 * or clears all its submodules at once (and shows "some" when only part is chosen). Keys outside
 * `grantable` stay disabled: nobody grants what they do not hold. The Dashboard, home of every
 * user who is not shipping-only, comes with any choice outside Shipments.
 */
export function PermissionsTree({
  value,
  onChange,
  grantable,
  error,
  disabled = false,
}: {
  value: readonly string[];
  onChange: (next: PermissionKey[]) => void;
  grantable: readonly string[];
  error?: string | undefined;
  disabled?: boolean;
}) {
  const { t } = useTranslation('users');
  const { t: menu } = useTranslation('navigation');
  const permissionLabelKey = usePermissionLabelKey();
  const chosen = new Set(value);
  const homeImplied = impliesDashboard(value);
  const set = (keys: readonly string[], on: boolean) => {
    const next = new Set(chosen);
    for (const key of keys) {
      if (on) next.add(key);
      else next.delete(key);
    }
    onChange(rolePermissions('member', [...next]));
  };

  return (
    <Fieldset legend={t('fields.permissions')} disabled={disabled} variant="unstyled">
      <Text fz="sm" c="dimmed" mb="xs">
        {t('permissions.hint')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        {PERMISSION_GROUPS.map(({ module, permissions }) => {
          const allowed = permissions.filter((key) => grantable.includes(key));
          const held = permissions.filter((key) => chosen.has(key));
          const single = permissions.length === 1 && permissions[0] === module;
          return (
            <Stack key={module} gap={6}>
              <Checkbox
                label={menu(`modules.${module}`)}
                description={module === 'dashboard' && homeImplied ? t('permissions.home') : null}
                styles={{ label: { fontWeight: 600 } }}
                checked={held.length === permissions.length}
                indeterminate={held.length > 0 && held.length < permissions.length}
                disabled={allowed.length === 0 || (module === 'dashboard' && homeImplied)}
                onChange={() => set(allowed, !allowed.every((key) => chosen.has(key)))}
              />
              {!single && (
                <Stack gap={6} pl={28}>
                  {permissions.map((key) => (
                    <Checkbox
                      key={key}
                      size="sm"
                      label={menu(permissionLabelKey(key))}
                      checked={chosen.has(key)}
                      disabled={!grantable.includes(key)}
                      onChange={(event) => set([key], event.currentTarget.checked)}
                    />
                  ))}
                </Stack>
              )}
            </Stack>
          );
        })}
      </SimpleGrid>
      {error && (
        <Text c="red" fz="sm" mt="xs" role="alert">
          {error}
        </Text>
      )}
    </Fieldset>
  );
}
