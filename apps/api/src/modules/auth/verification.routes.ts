import type { AuthHandlers } from './auth.routes';

/** `PATCH user/verify-code/{userId}/{code}` and `POST user/verify-code/resend?user_id=`. */
export const verificationHandlers: AuthHandlers<'verifyCode' | 'resendCode'> = ({
  verification,
}) => ({
  verifyCode: async (request) => ({
    data: await verification.verify(request.params.userId, request.params.code),
  }),
  resendCode: async (request) => ({ data: await verification.resend(request.query.user_id) }),
});
