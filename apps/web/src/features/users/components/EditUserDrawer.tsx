import {
  isSystemRole,
  organizationUserUpdateSchema,
  type OrganizationRole,
  type OrganizationUser,
  type PermissionKey,
  type RoleHolder,
} from '@despacho/domain';
import { Group, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useDomainForm } from '../../../lib/useDomainForm';
import { EntityDrawer } from '../../../ui/EntityDrawer';
import { EntityForm } from '../../../ui/EntityForm';
import { lockMessage } from '../actor';
import { useRefreshUsers, usersApi } from '../api';
import { RoleFields } from './RoleFields';

/** Edits a user's name, role and (for members) permissions, beside the list. */
export function EditUserDrawer({
  user,
  actor,
  onClose,
}: {
  user: OrganizationUser | null;
  actor: RoleHolder;
  onClose: () => void;
}) {
  const { t } = useTranslation('users');
  return (
    <EntityDrawer
      opened={user !== null}
      onClose={onClose}
      title={t('edit.title')}
      closeLabel={t('actions.close')}
    >
      {user && <EditUserForm key={user.id} user={user} actor={actor} onDone={onClose} />}
    </EntityDrawer>
  );
}

function EditUserForm({
  user,
  actor,
  onDone,
}: {
  user: OrganizationUser;
  actor: RoleHolder;
  onDone: () => void;
}) {
  const { t } = useTranslation('users');
  const refresh = useRefreshUsers();
  // A role made outside the system ones is shown as a member with the same permissions.
  const role: OrganizationRole = user.role && isSystemRole(user.role) ? user.role : 'member';
  const { form, formProps } = useDomainForm({
    schema: organizationUserUpdateSchema,
    defaultValues: {
      name: user.name,
      last_name: user.last_name,
      role,
      permissions: role === 'member' ? (user.permissions as PermissionKey[]) : [],
    },
    submit: (changes) => usersApi.update(user.id, changes),
    onSuccess: async () => {
      notifications.show({ color: 'teal', message: t('edit.saved') });
      onDone();
      await refresh();
    },
  });
  const { errors } = form.formState;

  return (
    <EntityForm
      form={form}
      formProps={formProps}
      cancelLabel={t('actions.cancel')}
      submitLabel={t('edit.submit')}
    >
      <Text fz="sm" c="dimmed">
        {user.email}
      </Text>
      <Group grow align="flex-start">
        <TextInput
          label={t('fields.name')}
          error={errors.name?.message}
          {...form.register('name')}
        />
        <TextInput
          label={t('fields.lastName')}
          error={errors.last_name?.message}
          {...form.register('last_name')}
        />
      </Group>
      <RoleFields actor={actor} lockedReason={lockMessage(user.locks.role)} />
    </EntityForm>
  );
}
