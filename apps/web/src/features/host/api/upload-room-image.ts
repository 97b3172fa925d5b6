import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE_URL, ApiError, toApiError } from '@/lib/api-client';
import { GENERIC_ERROR_MESSAGE } from '@ruthless/protocol';
import { useSessionStore } from '@/stores/session-store';

/**
 * `POST /api/host/room-images`: the file's raw bytes. The server decides the type from the
 * content (PNG, JPEG or WebP, at most 2 MB) and answers the hashed path it is served from.
 */
export async function uploadRoomImage(file: Blob): Promise<string> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE_URL.replace(/\/$/, '')}/host/room-images`, {
      method: 'POST',
      headers: {
        Authorization: useSessionStore.getState().accessToken ?? '',
        'Content-Type': 'application/octet-stream',
        Accept: 'application/json',
      },
      body: file,
      credentials: 'include',
    });
  } catch {
    throw new ApiError(GENERIC_ERROR_MESSAGE, { status: 0, code: 'network' });
  }
  if (!response.ok) throw await toApiError(response);
  return ((await response.json()) as { roomImage: string }).roomImage;
}

export function useUploadRoomImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadRoomImage,
    // Stored or refused, the upload is in the audit now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['host', 'audit'] }),
  });
}
