import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';

const SEED_HEX = /^[0-9a-f]{64}$/;

/** True when `s` is a seed: exactly 64 lowercase hex characters (32 bytes). */
export function isSeedHex(s: unknown): s is string {
  return typeof s === 'string' && SEED_HEX.test(s);
}

/**
 * The 32 bytes of a seed.
 * @throws TypeError when `seedHex` is not 64 lowercase hex characters.
 */
export function seedBytes(seedHex: string): Uint8Array {
  if (!isSeedHex(seedHex)) throw new TypeError('seed must be 64 lowercase hex characters');
  return hexToBytes(seedHex);
}

/**
 * The commitment published before tickets are dealt: SHA-256 of the seed's 32 bytes, as 64
 * lowercase hex characters.
 * @throws TypeError on a malformed seed.
 */
export function commitmentOf(seedHex: string): string {
  return bytesToHex(sha256(seedBytes(seedHex)));
}
