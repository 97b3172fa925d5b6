import { api } from '@/lib/api-client';

/** `GET /api/safety/my-data`: everything kept about the player, saved as one JSON file. */
export async function downloadMyData(): Promise<void> {
  const data = await api.get('/safety/my-data');
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'ruthless-my-data.json';
  document.body.append(link);
  link.click();
  link.remove();
  // After the browser has taken the file.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
