import { useMutation } from '@tanstack/react-query';
import { authClient, unwrapAuthResult } from '@/lib/auth-client';

/** `POST /api/auth/reset-password`: sets the new password with the link's code. */
export async function resetPassword({ code, password }: { code: string; password: string }) {
  unwrapAuthResult(await authClient.resetPassword({ newPassword: password, token: code }));
}

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
