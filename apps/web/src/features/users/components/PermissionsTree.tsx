import { impliesDashboard, rolePermissions, type PermissionKey } from '@despacho/domain';
import { Fieldset, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePermissionLabelKey } from '../../../lib/permission-labels';
import { CheckboxTree } from '../../../ui/CheckboxTree';
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
  const homeImplied = impliesDashboard(value);

  return (
    <Fieldset legend={t('fields.permissions')} disabled={disabled} variant="unstyled">
      <Text fz="sm" c="dimmed" mb="xs">
        {t('permissions.hint')}
      </Text>
      <CheckboxTree
        value={value}
        onChange={(next) => onChange(rolePermissions('member', [...next]))}
        groups={PERMISSION_GROUPS.map(({ module, permissions }) => ({
          key: module,
          label: menu(`modules.${module}`),
          description: module === 'dashboard' && homeImplied ? t('permissions.home') : null,
          disabled: module === 'dashboard' && homeImplied,
          single: permissions.length === 1 && permissions[0] === module,
          items: permissions.map((key) => ({
            key,
            label: menu(permissionLabelKey(key)),
            disabled: !grantable.includes(key),
          })),
        }))}
      />
      {error && (
        <Text c="red" fz="sm" mt="xs" role="alert">
          {error}
        </Text>
      )}
    </Fieldset>
  );
}
