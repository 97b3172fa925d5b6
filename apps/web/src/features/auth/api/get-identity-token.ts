import { decodeIdentityToken, fetchIdentityToken } from '@/lib/auth-client';

/** A fresh identity token and its claims (`GET /api/auth/token`). Never cached: each call mints one. */
export async function getIdentityToken() {
  const token = await fetchIdentityToken();
  return { token, claims: await decodeIdentityToken(token) };
}
