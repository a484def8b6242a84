import { invitationCreateSchema, type RoleHolder } from '@despacho/domain';
import { TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useDomainForm } from '../../../lib/useDomainForm';
import { EntityDrawer } from '../../../ui/EntityDrawer';
import { EntityForm } from '../../../ui/EntityForm';
import { useRefreshUsers, usersApi } from '../api';
import { RoleFields } from './RoleFields';

/** Invites someone by email with a role; they get a link valid for 7 days. */
export function InviteUserModal({
  opened,
  onClose,
  actor,
}: {
  opened: boolean;
  onClose: () => void;
  actor: RoleHolder;
}) {
  const { t } = useTranslation('users');
  return (
    <EntityDrawer
      surface="modal"
      opened={opened}
      onClose={onClose}
      title={t('invite.title')}
      closeLabel={t('actions.close')}
    >
      <InviteUserForm actor={actor} onDone={onClose} />
    </EntityDrawer>
  );
}

/** The invitation form alone (the modal mounts it afresh each time it opens). */
export function InviteUserForm({ actor, onDone }: { actor: RoleHolder; onDone: () => void }) {
  const { t } = useTranslation('users');
  const refresh = useRefreshUsers();
  const { form, formProps } = useDomainForm({
    schema: invitationCreateSchema,
    defaultValues: { email: '', name: '', role: 'member', permissions: [] },
    submit: usersApi.invite,
    onSuccess: async (invitation) => {
      notifications.show({ color: 'teal', message: t('invite.sent', { email: invitation.email }) });
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
      submitLabel={t('invite.submit')}
      onCancel={onDone}
    >
      <TextInput
        label={t('fields.email')}
        type="email"
        autoComplete="off"
        data-autofocus
        error={errors.email?.message}
        {...form.register('email')}
      />
      <TextInput
        label={t('fields.inviteeName')}
        description={t('invite.nameHint')}
        error={errors.name?.message}
        {...form.register('name')}
      />
      <RoleFields actor={actor} />
    </EntityForm>
  );
}
