import {
  staffContract,
  type ConversationStatus,
  type ReviewStatus,
  type StaffVerification,
  type VerificationDocumentKind,
} from '@despacho/domain';
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { call, queryKeys } from '../../lib/api-client';
import { unwrap } from '../../lib/http';

/** How often the console looks for new chats and for messages in the open one. */
export const LIST_POLL_MS = 10_000;
export const CONVERSATION_POLL_MS = 5000;
export const CONVERSATIONS_PAGE_SIZE = 20;

export type StatusFilter = ConversationStatus | 'all';

export const VERIFICATIONS_PAGE_SIZE = 20;
export const AUDIT_PAGE_SIZE = 20;

export const staffKeys = queryKeys(staffContract);

export function useStaffConversations(filter: StatusFilter, page: number) {
  const query = {
    status: filter === 'all' ? undefined : filter,
    page,
    pageSize: CONVERSATIONS_PAGE_SIZE,
  };
  return useQuery({
    queryKey: staffKeys.conversations({ query }),
    queryFn: () => call(staffContract.conversations, { query }),
    placeholderData: keepPreviousData,
    refetchInterval: LIST_POLL_MS,
  });
}

export function useStaffConversation(id: string) {
  return useQuery({
    queryKey: staffKeys.conversation({ params: { id } }),
    queryFn: () => unwrap(call(staffContract.conversation, { params: { id } })),
    refetchInterval: CONVERSATION_POLL_MS,
    staleTime: 0,
  });
}

/** A chat changed: every list, and the chat itself, are read again. */
const refreshConversation = (queryClient: QueryClient, id: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: staffKeys.conversations() }),
    queryClient.invalidateQueries({ queryKey: staffKeys.conversation({ params: { id } }) }),
  ]);

export function useAnswerConversation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => call(staffContract.answer, { params: { id }, body: { body } }),
    onSuccess: () => refreshConversation(queryClient, id),
  });
}

export function useCloseConversation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(call(staffContract.close, { params: { id } })),
    onSuccess: (conversation) => {
      queryClient.setQueryData(staffKeys.conversation({ params: { id } }), conversation);
      return refreshConversation(queryClient, id);
    },
  });
}

// Account verification review

export function useStaffVerifications(status: ReviewStatus, page: number) {
  const query = { status, page, pageSize: VERIFICATIONS_PAGE_SIZE };
  return useQuery({
    queryKey: staffKeys.verifications({ query }),
    queryFn: () => call(staffContract.verifications, { query }),
    placeholderData: keepPreviousData,
    refetchInterval: LIST_POLL_MS,
  });
}

export function useStaffVerification(organizationId: string) {
  return useQuery({
    queryKey: staffKeys.verification({ params: { organizationId } }),
    queryFn: () => unwrap(call(staffContract.verification, { params: { organizationId } })),
  });
}

/** A submitted document's bytes, for previews and for opening it. */
export const loadStaffDocument = (organizationId: string, kind: VerificationDocumentKind) =>
  call(staffContract.document, { params: { organizationId, kind } });

/** Approving or rejecting answers the verification reviewed; the queue changes too. */
function useReview<I>(organizationId: string, review: (input: I) => Promise<StaffVerification>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: review,
    onSuccess: (verification) => {
      queryClient.setQueryData(
        staffKeys.verification({ params: { organizationId } }),
        verification,
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: staffKeys.verifications() }),
        queryClient.invalidateQueries({ queryKey: staffKeys.audit() }),
      ]);
    },
  });
}

export function useApproveVerification(organizationId: string) {
  return useReview(organizationId, () =>
    unwrap(call(staffContract.approve, { params: { organizationId } })),
  );
}

export function useRejectVerification(organizationId: string) {
  return useReview(organizationId, (reason: string) =>
    unwrap(call(staffContract.reject, { params: { organizationId }, body: { reason } })),
  );
}

// Audit log

export function useAuditLog(page: number) {
  const query = { page, pageSize: AUDIT_PAGE_SIZE };
  return useQuery({
    queryKey: staffKeys.audit({ query }),
    queryFn: () => call(staffContract.audit, { query }),
    placeholderData: keepPreviousData,
  });
}
