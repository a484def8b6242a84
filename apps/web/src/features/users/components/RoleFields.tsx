import {
  grantLock,
  ORGANIZATION_ROLES,
  type OrganizationRole,
  type PermissionKey,
  type RoleHolder,
} from '@despacho/domain';
import { Radio, Stack } from '@mantine/core';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PermissionsTree } from './PermissionsTree';

interface RoleValues {
  role: OrganizationRole;
  permissions?: PermissionKey[] | undefined;
}

/**
 * The role of a user or an invitee, and for a member the permissions tree. Roles the actor may
 * not give (only owners make owners; nobody grants what they lack) are disabled.
 */
export function RoleFields({
  actor,
  lockedReason,
}: {
  actor: RoleHolder;
  /** Why the role may not change at all (the last owner…): shown, and the fields disabled. */
  lockedReason?: string | null | undefined;
}) {
  const { t } = useTranslation('users');
  const { control } = useFormContext<RoleValues>();
  const role = useWatch({ control, name: 'role' });
  const locked = Boolean(lockedReason);

  return (
    <Stack gap="md">
      <Controller
        control={control}
        name="role"
        render={({ field, fieldState }) => (
          <Radio.Group
            label={t('fields.role')}
            description={lockedReason}
            error={fieldState.error?.message}
            value={field.value}
            onChange={(value) => field.onChange(value as OrganizationRole)}
          >
            <Stack gap="xs" mt="xs">
              {ORGANIZATION_ROLES.map((key) => (
                <Radio
                  key={key}
                  value={key}
                  label={t(`roles.${key}`)}
                  description={t(`roleDescriptions.${key}`)}
                  disabled={locked || (key !== 'member' && grantLock(actor, key) !== null)}
                />
              ))}
            </Stack>
          </Radio.Group>
        )}
      />
      {role === 'member' && (
        <Controller
          control={control}
          name="permissions"
          render={({ field, fieldState }) => (
            <PermissionsTree
              value={field.value ?? []}
              onChange={field.onChange}
              grantable={actor.permissions}
              error={fieldState.error?.message}
              disabled={locked}
            />
          )}
        />
      )}
    </Stack>
  );
}
