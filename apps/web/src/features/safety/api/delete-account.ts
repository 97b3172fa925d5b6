import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { DeleteAccountBody } from '@ruthless/protocol';
import { api } from '@/lib/api-client';

/** `POST /api/safety/delete-account`: deletes the signed-in account for good. */
export const deleteAccount = (body: DeleteAccountBody) =>
  api.post('/safety/delete-account', body, { schema: z.object({ message: z.string() }) });

export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });
