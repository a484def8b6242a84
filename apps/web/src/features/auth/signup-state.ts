import type { SignupResult } from '@despacho/domain';

/** What the sign-up hands the verify screen through navigation state. */
export interface VerifyState {
  phoneMasked: string | null;
  resendAvailableIn: number;
}

export function verifyPath(result: SignupResult): [string, { state: VerifyState }] {
  return [
    `/auth/verify?${new URLSearchParams({ user_id: result.id }).toString()}`,
    { state: { phoneMasked: result.phone_masked, resendAvailableIn: result.resend_available_in } },
  ];
}

/** Sign-up runs in four steps across three screens; each shows where the user is. */
export const SIGNUP_STEPS = 4;
