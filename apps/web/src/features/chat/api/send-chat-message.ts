import { useMutation } from '@tanstack/react-query';
import type { SendChatBody, SendChatResponse } from '@ruthless/protocol';
import { api } from '@/lib/api-client';

/** `POST /api/chat`: the server answers with the stored message (alias from the profile). */
export function sendChatMessage(body: SendChatBody): Promise<SendChatResponse> {
  return api.post('/chat', body, {
    // The schema (and zod) loads with the first send, not with the game screen.
    schema: () =>
      import('@ruthless/protocol/chat').then(({ sendChatResponseSchema }) => sendChatResponseSchema),
  });
}

export function useSendChatMessage() {
  return useMutation({ mutationFn: sendChatMessage });
}
