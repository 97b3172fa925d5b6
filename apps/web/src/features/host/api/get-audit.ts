import { useQuery } from '@tanstack/react-query';
import { auditListSchema, type AuditEntry } from '@ruthless/protocol';
import { api } from '@/lib/api-client';

export const auditQueryKey = (filter: { roomUuid?: string; gameUuid?: string }) =>
  ['host', 'audit', filter] as const;

/** `GET /api/host/audit`: the hosts' actions, newest first. */
export async function getAudit(filter: { roomUuid?: string; gameUuid?: string }): Promise<AuditEntry[]> {
  return (await api.get('/host/audit', { schema: auditListSchema, query: { ...filter, limit: 100 } }))
    .entries;
}

export function useAudit(filter: { roomUuid?: string; gameUuid?: string }) {
  return useQuery({ queryKey: auditQueryKey(filter), queryFn: () => getAudit(filter) });
}
