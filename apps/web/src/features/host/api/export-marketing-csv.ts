import { API_BASE_URL, toApiError } from '@/lib/api-client';
import { useSessionStore } from '@/stores/session-store';

/** `GET /api/host/safety/marketing.csv`: the players whose marketing consent is in force, saved as a file. */
export async function exportMarketingCsv(): Promise<void> {
  const token = useSessionStore.getState().accessToken;
  const response = await fetch(`${API_BASE_URL.replace(/\/$/, '')}/host/safety/marketing.csv`, {
    headers: token ? { Authorization: token } : {},
  });
  if (!response.ok) throw await toApiError(response);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'ruthless-marketing-consent.csv';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
