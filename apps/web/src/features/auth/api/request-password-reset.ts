import { useMutation } from '@tanstack/react-query';
import { authClient, unwrapAuthResult } from '@/lib/auth-client';

/** `POST /api/auth/request-password-reset`: mails a link to /forgot-password?oobCode=… */
export async function requestPasswordReset({ email }: { email: string }) {
  unwrapAuthResult(await authClient.requestPasswordReset({ email }));
}

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
