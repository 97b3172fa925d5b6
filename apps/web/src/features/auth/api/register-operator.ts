import { OPERATOR, type OperatorRegistrationInput } from '@ruthless/protocol';
import { api } from '@/lib/api-client';

export interface RegisterOperatorInput {
  token: string;
  email: string;
  firstName?: string;
  lastName?: string;
}

/** `POST /api/operator/auth` with `Bearer {token}`: registers the player with the operator (idempotent). */
export function registerOperator({ token, email, firstName = '', lastName = '' }: RegisterOperatorInput) {
  const body: OperatorRegistrationInput = { email, firstName, lastName, operator: OPERATOR };
  return api.post('/operator/auth', body, {
    // Loaded beside the request, not with /login (zod; user.ts's input schemas would bring libphonenumber too).
    schema: () =>
      import('@ruthless/protocol/user-settings').then(
        ({ operatorRegistrationResponseSchema }) => operatorRegistrationResponseSchema,
      ),
    headers: { Authorization: `Bearer ${token}` },
  });
}
