import {
  organizationUsersContract,
  type Invitation,
  type InvitationCreate,
  type OrganizationUsersQuery,
  type OrganizationUserUpdate,
  type UserStatus,
} from '@despacho/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryKeys } from '../../lib/api-client';
import { accountsKeys } from '../../lib/api/accounts';
import { unwrap } from '../../lib/http';

export const USERS_PAGE_SIZE = 10;
/** Pending invitations are few: one page shows them all. */
export const INVITATIONS_PAGE_SIZE = 100;
const invitationsQuery = { pageSize: INVITATIONS_PAGE_SIZE };

export const usersKeys = queryKeys(organizationUsersContract);

/** The organization-user calls of spec §7 (and our invitations list), unwrapped from `{ data }`. */
export const usersApi = {
  list: (query: OrganizationUsersQuery) => call(organizationUsersContract.list, { query }),
  invitations: () => call(organizationUsersContract.invitations, { query: invitationsQuery }),
  invite: (invitation: InvitationCreate) =>
    unwrap(call(organizationUsersContract.invite, { body: invitation })),
  cancelInvitation: (id: string) =>
    call(organizationUsersContract.cancelInvitation, { params: { id } }),
  update: (id: string, changes: OrganizationUserUpdate) =>
    unwrap(call(organizationUsersContract.update, { params: { id }, body: changes })),
  setStatus: (id: string, status: UserStatus) =>
    unwrap(call(organizationUsersContract.setStatus, { params: { id }, body: { status } })),
};

export function useOrganizationUsers(query: OrganizationUsersQuery) {
  return useQuery({
    queryKey: usersKeys.list({ query }),
    queryFn: () => usersApi.list(query),
    placeholderData: keepPreviousData,
  });
}

export function usePendingInvitations() {
  return useQuery({
    queryKey: usersKeys.invitations({ query: invitationsQuery }),
    queryFn: usersApi.invitations,
  });
}

/**
 * After any change the list, its locks (last owner…) and the invitations are read again, and so
 * is the signed-in account (`GET me`): a change to oneself shows in the menu and the rules at once.
 */
export function useRefreshUsers() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: usersKeys.all }),
      queryClient.invalidateQueries({ queryKey: accountsKeys.me() }),
    ]);
}

export function useCancelInvitation() {
  const onSuccess = useRefreshUsers();
  return useMutation({ mutationFn: usersApi.cancelInvitation, onSuccess });
}

/** Invites again with the same role: a new link replaces the old one. */
export function useResendInvitation() {
  const onSuccess = useRefreshUsers();
  return useMutation({
    mutationFn: ({ email, name, role, permissions }: Invitation) =>
      usersApi.invite({
        email,
        name: name ?? undefined,
        role,
        permissions: permissions as InvitationCreate['permissions'],
      }),
    onSuccess,
  });
}

export function useSetUserStatus() {
  const onSuccess = useRefreshUsers();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: UserStatus }) =>
      usersApi.setStatus(id, status),
    onSuccess,
  });
}
