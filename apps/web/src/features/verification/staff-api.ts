import {
  staffContract,
  type ReviewStatus,
  type StaffVerification,
  type VerificationDocumentKind,
} from '@despacho/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryKeys } from '../../lib/api-client';
import { unwrap } from '../../lib/http';
import { QUEUE_POLL_MS } from '../../lib/useQueueParams';

export const VERIFICATIONS_PAGE_SIZE = 20;

export const staffKeys = queryKeys(staffContract);

export function useStaffVerifications(status: ReviewStatus, page: number) {
  const query = { status, page, pageSize: VERIFICATIONS_PAGE_SIZE };
  return useQuery({
    queryKey: staffKeys.verifications({ query }),
    queryFn: () => call(staffContract.verifications, { query }),
    placeholderData: keepPreviousData,
    refetchInterval: QUEUE_POLL_MS,
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
