import { useMutation } from '@tanstack/react-query';
import { sendChatResponseSchema, type SendChatBody, type SendChatResponse } from '@ruthless/protocol';
import { api } from '@/lib/api-client';

/** `POST /api/chat`: the server answers with the stored message (alias from the profile). */
export function sendChatMessage(body: SendChatBody): Promise<SendChatResponse> {
  return api.post('/chat', body, { schema: sendChatResponseSchema });
}

export function useSendChatMessage() {
  return useMutation({ mutationFn: sendChatMessage });
}
