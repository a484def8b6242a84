import type {
  AuditEntry,
  ConversationMessage,
  ConversationStatus,
  PageMeta,
  ReviewStatus,
  StaffConversation,
  StaffConversationSummary,
  StaffVerification,
  StaffVerificationSummary,
  VerificationDocumentKind,
} from '@despacho/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, unwrap, type ApiData } from '../../lib/http';

/** How often the console looks for new chats and for messages in the open one. */
export const LIST_POLL_MS = 10_000;
export const CONVERSATION_POLL_MS = 5000;
export const CONVERSATIONS_PAGE_SIZE = 20;

export type StatusFilter = ConversationStatus | 'all';

export const VERIFICATIONS_PAGE_SIZE = 20;
export const AUDIT_PAGE_SIZE = 20;

export const staffKeys = {
  conversations: () => ['staff', 'conversations'] as const,
  list: (filter: StatusFilter, page: number) =>
    [...staffKeys.conversations(), 'list', filter, page] as const,
  detail: (id: string) => [...staffKeys.conversations(), 'detail', id] as const,
  verifications: () => ['staff', 'verifications'] as const,
  verificationList: (status: ReviewStatus, page: number) =>
    [...staffKeys.verifications(), 'list', status, page] as const,
  verification: (organizationId: string) =>
    [...staffKeys.verifications(), 'detail', organizationId] as const,
  document: (organizationId: string, kind: VerificationDocumentKind, uploadedAt: string) =>
    [...staffKeys.verification(organizationId), 'document', kind, uploadedAt] as const,
  audit: (page: number) => ['staff', 'audit', page] as const,
};

export function useStaffConversations(filter: StatusFilter, page: number) {
  return useQuery({
    queryKey: staffKeys.list(filter, page),
    queryFn: () =>
      http.get<{ data: StaffConversationSummary[]; meta: PageMeta }>('/staff/conversations', {
        status: filter === 'all' ? undefined : filter,
        page,
        pageSize: CONVERSATIONS_PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: LIST_POLL_MS,
  });
}

export function useStaffConversation(id: string) {
  return useQuery({
    queryKey: staffKeys.detail(id),
    queryFn: async () =>
      (await http.get<ApiData<StaffConversation>>(`/staff/conversations/${id}`)).data,
    refetchInterval: CONVERSATION_POLL_MS,
    staleTime: 0,
  });
}

export function useAnswerConversation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      http.post<ApiData<ConversationMessage>>(`/staff/conversations/${id}/messages`, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.conversations() }),
  });
}

export function useCloseConversation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await http.post<ApiData<StaffConversation>>(`/staff/conversations/${id}/close`)).data,
    onSuccess: (conversation) => {
      queryClient.setQueryData(staffKeys.detail(id), conversation);
      return queryClient.invalidateQueries({ queryKey: staffKeys.conversations() });
    },
  });
}

// Account verification review

export function useStaffVerifications(status: ReviewStatus, page: number) {
  return useQuery({
    queryKey: staffKeys.verificationList(status, page),
    queryFn: () =>
      http.get<{ data: StaffVerificationSummary[]; meta: PageMeta }>('/staff/verifications', {
        status,
        page,
        pageSize: VERIFICATIONS_PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: LIST_POLL_MS,
  });
}

export function useStaffVerification(organizationId: string) {
  return useQuery({
    queryKey: staffKeys.verification(organizationId),
    queryFn: () =>
      unwrap(http.get<ApiData<StaffVerification>>(`/staff/verifications/${organizationId}`)),
  });
}

/** A submitted document's bytes, for previews and for opening it. */
export const loadStaffDocument = (organizationId: string, kind: VerificationDocumentKind) =>
  http.blob(`/staff/verifications/${organizationId}/documents/${kind}`);

/** Approving or rejecting answers the verification reviewed; the queue changes too. */
function useReview<I>(organizationId: string, review: (input: I) => Promise<StaffVerification>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: review,
    onSuccess: (verification) => {
      queryClient.setQueryData(staffKeys.verification(organizationId), verification);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: [...staffKeys.verifications(), 'list'] }),
        queryClient.invalidateQueries({ queryKey: ['staff', 'audit'] }),
      ]);
    },
  });
}

export function useApproveVerification(organizationId: string) {
  return useReview(organizationId, () =>
    unwrap(http.post<ApiData<StaffVerification>>(`/staff/verifications/${organizationId}/approve`)),
  );
}

export function useRejectVerification(organizationId: string) {
  return useReview(organizationId, (reason: string) =>
    unwrap(
      http.post<ApiData<StaffVerification>>(`/staff/verifications/${organizationId}/reject`, {
        reason,
      }),
    ),
  );
}

// Audit log

export function useAuditLog(page: number) {
  return useQuery({
    queryKey: staffKeys.audit(page),
    queryFn: () =>
      http.get<{ data: AuditEntry[]; meta: PageMeta }>('/staff/audit', {
        page,
        pageSize: AUDIT_PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
  });
}
