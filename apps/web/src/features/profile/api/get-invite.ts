import { queryOptions, useQuery } from '@tanstack/react-query';
import { inviteLinkResponseSchema } from '@ruthless/protocol';
import { api } from '@/lib/api-client';

/** `GET /api/profile/invite`: the player's invite link and how many friends joined through it. */
export const getInvite = () => api.get('/profile/invite', { schema: inviteLinkResponseSchema });

export const getInviteQueryOptions = (playerUuid: string | null) =>
  queryOptions({
    queryKey: ['invite', playerUuid],
    queryFn: getInvite,
    enabled: playerUuid !== null,
  });

export const useInvite = (playerUuid: string | null) => useQuery(getInviteQueryOptions(playerUuid));
