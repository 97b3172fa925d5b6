import { authProvidersResponseSchema } from '@ruthless/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `GET /api/auth/providers`: whether Google sign-in is configured on this server. */
export const getAuthProviders = () =>
  api.get('/auth/providers', {
    schema: authProvidersResponseSchema,
  });

export const getAuthProvidersQueryOptions = () =>
  queryOptions({ queryKey: ['authProviders'], queryFn: getAuthProviders, staleTime: Infinity, retry: 1 });

export const useAuthProviders = () => useQuery(getAuthProvidersQueryOptions());
