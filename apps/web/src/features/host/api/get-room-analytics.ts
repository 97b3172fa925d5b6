import { useQuery } from '@tanstack/react-query';
import { roomAnalyticsSchema, type RoomAnalytics } from '@ruthless/protocol/analytics';
import { api } from '@/lib/api-client';

export const roomAnalyticsQueryKey = (roomUuid: string, weeks: number) =>
  ['host', 'analytics', 'rooms', roomUuid, weeks] as const;

/** This browser's time zone: the start hours are counted on the host's own clocks. */
const hostTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** `GET /api/host/analytics/rooms/{roomUuid}?weeks=&timeZone=`: a room's shows week by week. */
export async function getRoomAnalytics(roomUuid: string, weeks: number): Promise<RoomAnalytics> {
  return api.get(`/host/analytics/rooms/${roomUuid}`, {
    schema: roomAnalyticsSchema,
    query: { weeks, timeZone: hostTimeZone() },
  });
}

export function useRoomAnalytics(roomUuid: string, weeks: number) {
  return useQuery({
    queryKey: roomAnalyticsQueryKey(roomUuid, weeks),
    queryFn: () => getRoomAnalytics(roomUuid, weeks),
  });
}
