import type {
  Invitation,
  InvitationCreate,
  OrganizationUser,
  OrganizationUsersQuery,
  OrganizationUserUpdate,
  PageMeta,
  UserStatus,
} from '@despacho/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, unwrap, type ApiData } from '../../lib/http';

export const USERS_PAGE_SIZE = 10;
/** Pending invitations are few: one page shows them all. */
export const INVITATIONS_PAGE_SIZE = 100;

interface Page<T> {
  data: T[];
  meta: PageMeta;
}

export const usersKeys = {
  all: () => ['organization-users'] as const,
  list: (query: OrganizationUsersQuery) => [...usersKeys.all(), 'list', query] as const,
  invitations: () => [...usersKeys.all(), 'invitations'] as const,
};

/** The organization-user calls of spec §7 (and our invitations list), unwrapped from `{ data }`. */
export const usersApi = {
  list: (query: OrganizationUsersQuery) => http.get<Page<OrganizationUser>>('/users', { ...query }),
  invitations: () =>
    http.get<Page<Invitation>>('/users/invitations', { pageSize: INVITATIONS_PAGE_SIZE }),
  invite: (invitation: InvitationCreate) =>
    unwrap(http.post<ApiData<Invitation>>('/users/organization-invitation', invitation)),
  cancelInvitation: (id: string) => http.delete<ApiData<{ ok: true }>>(`/users/invitations/${id}`),
  update: (id: string, changes: OrganizationUserUpdate) =>
    unwrap(http.put<ApiData<OrganizationUser>>(`/users/update/${id}`, changes)),
  setStatus: (id: string, status: UserStatus) =>
    unwrap(http.put<ApiData<OrganizationUser>>(`/user/${id}/status`, { status })),
};

export function useOrganizationUsers(query: OrganizationUsersQuery) {
  return useQuery({
    queryKey: usersKeys.list(query),
    queryFn: () => usersApi.list(query),
    placeholderData: keepPreviousData,
  });
}

export function usePendingInvitations() {
  return useQuery({ queryKey: usersKeys.invitations(), queryFn: usersApi.invitations });
}

/**
 * After any change the list, its locks (last owner…) and the invitations are read again, and so
 * is the signed-in account (`GET me`): a change to oneself shows in the menu and the rules at once.
 */
export function useRefreshUsers() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: usersKeys.all() }),
      queryClient.invalidateQueries({ queryKey: ['accounts', 'me'] }),
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
