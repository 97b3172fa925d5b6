import { resetCodeResponseSchema } from '@ruthless/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * `POST /api/auth/reset-code`: whether a reset code can still be used (it is not consumed). The
 * code goes in the body: an address would be written to the server's and nginx's logs.
 */
export const checkResetCode = (code: string) =>
  api.post('/auth/reset-code', { code }, { schema: resetCodeResponseSchema });

export const checkResetCodeQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['resetCode', code],
    queryFn: () => checkResetCode(code),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });

export const useCheckResetCode = (code: string | null) =>
  useQuery({ ...checkResetCodeQueryOptions(code ?? ''), enabled: Boolean(code) });
