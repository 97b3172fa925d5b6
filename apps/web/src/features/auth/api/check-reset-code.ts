import { resetCodeResponseSchema } from '@ruthless/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `GET /api/auth/reset-code/{code}`: whether a reset code can still be used (it is not consumed). */
export const checkResetCode = (code: string) =>
  api.get(`/auth/reset-code/${encodeURIComponent(code)}`, {
    schema: resetCodeResponseSchema,
  });

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
