import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

/** `POST /api/safety/unsubscribe`: the reminder mail's signed token; no sign-in needed. */
export const unsubscribe = (token: string) =>
  api.post('/safety/unsubscribe', { token }, { schema: z.object({ message: z.string() }) });

export const useUnsubscribe = () => useMutation({ mutationFn: unsubscribe });
