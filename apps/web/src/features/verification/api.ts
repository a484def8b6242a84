import {
  VERIFICATION_RULES,
  type PersonType,
  type Verification,
  type VerificationDocumentKind,
} from '@despacho/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, unwrap, type ApiData } from '../../lib/http';

/** The dashboard reads the same key (`['verification']`) for its reminder. */
export const verificationKeys = { current: () => ['verification'] as const };

export function useVerification() {
  return useQuery({
    queryKey: verificationKeys.current(),
    queryFn: () => unwrap(http.get<ApiData<Verification>>('/verification')),
  });
}

/** Every change answers the whole verification: the cache takes it as is. */
function useVerificationChange<I>(change: (input: I) => Promise<Verification>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (verification) => queryClient.setQueryData(verificationKeys.current(), verification),
  });
}

export function useUploadDocument() {
  return useVerificationChange(({ kind, file }: { kind: VerificationDocumentKind; file: File }) => {
    const form = new FormData();
    form.append(VERIFICATION_RULES.field, file);
    return unwrap(http.put<ApiData<Verification>>(`/verification/documents/${kind}`, form));
  });
}

export function useSubmitVerification() {
  return useVerificationChange((person_type: PersonType) =>
    unwrap(http.post<ApiData<Verification>>('/verification/submit', { person_type })),
  );
}

/** The organization's own copy of a document. */
export const loadDocument = (kind: VerificationDocumentKind) =>
  http.blob(`/verification/documents/${kind}`);
