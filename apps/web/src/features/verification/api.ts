import {
  verificationContract,
  type PersonType,
  type Verification,
  type VerificationDocumentKind,
} from '@despacho/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryKeys } from '../../lib/api-client';
import { unwrap } from '../../lib/http';

/** The dashboard's reminder reads the same key (`current()`), derived from the same contract. */
export const verificationKeys = queryKeys(verificationContract);

export const verificationApi = {
  current: () => unwrap(call(verificationContract.current)),
  upload: (kind: VerificationDocumentKind, file: File) =>
    unwrap(call(verificationContract.uploadDocument, { params: { kind }, file })),
  submit: (person_type: PersonType) =>
    unwrap(call(verificationContract.submit, { body: { person_type } })),
};

export function useVerification() {
  return useQuery({ queryKey: verificationKeys.current(), queryFn: verificationApi.current });
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
  return useVerificationChange(({ kind, file }: { kind: VerificationDocumentKind; file: File }) =>
    verificationApi.upload(kind, file),
  );
}

export function useSubmitVerification() {
  return useVerificationChange(verificationApi.submit);
}

/** The organization's own copy of a document. */
export const loadDocument = (kind: VerificationDocumentKind) =>
  call(verificationContract.document, { params: { kind } });
