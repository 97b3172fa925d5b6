import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { seedBytes } from './seed';
import { SeedMemo } from './seed-memo';

type KeyedHmac = ReturnType<typeof hmac.create>;

// Keying HMAC costs two compressions; the games live at once are few, so keep their keyed states.
const keyedStates = new SeedMemo<KeyedHmac>(64);

function keyedFor(seedHex: string): KeyedHmac {
  return keyedStates.get(seedHex, () => hmac.create(sha256, seedBytes(seedHex)));
}

const TWO_32 = 0x1_0000_0000;

/**
 * The seeded byte stream for one label (README "Derivation"): block k is
 * HMAC-SHA256(key = seed bytes, msg = utf8(label) || uint32be(k)), k = 0, 1, 2, ...; the
 * stream is block 0 || block 1 || ..., read as big-endian uint32 words.
 */
export class SeedStream {
  private readonly keyed: KeyedHmac;
  private readonly msg: Uint8Array;
  private counter = 0;
  private readonly block = new Uint8Array(32);
  private pos = 32;

  /** @throws TypeError on a malformed seed. */
  constructor(seedHex: string, label: string) {
    this.keyed = keyedFor(seedHex);
    const l = utf8ToBytes(label);
    this.msg = new Uint8Array(l.length + 4);
    this.msg.set(l, 0);
  }

  /** The next big-endian uint32 of the stream. */
  nextUint32(): number {
    if (this.pos === 32) {
      const n = this.counter++;
      const at = this.msg.length - 4;
      this.msg[at] = (n >>> 24) & 0xff;
      this.msg[at + 1] = (n >>> 16) & 0xff;
      this.msg[at + 2] = (n >>> 8) & 0xff;
      this.msg[at + 3] = n & 0xff;
      // The keyed state is shared: hash a copy of it.
      this.keyed.clone().update(this.msg).digestInto(this.block);
      this.pos = 0;
    }
    const b = this.block;
    const p = this.pos;
    this.pos += 4;
    return ((b[p]! << 24) | (b[p + 1]! << 16) | (b[p + 2]! << 8) | b[p + 3]!) >>> 0;
  }

  /** A uniform integer in [0, n), n in 1..2^32, by rejection sampling: draw u until u < 2^32 - (2^32 mod n), return u mod n. */
  uniform(n: number): number {
    const limit = TWO_32 - (TWO_32 % n);
    for (;;) {
      const u = this.nextUint32();
      if (u < limit) return u % n;
    }
  }

  /** Fisher-Yates in place: for i from length-1 down to 1, j = uniform(i + 1), swap a[i] and a[j]. */
  shuffle<T>(a: T[]): T[] {
    for (let i = a.length - 1; i >= 1; i--) {
      const j = this.uniform(i + 1);
      const t = a[i]!;
      a[i] = a[j]!;
      a[j] = t;
    }
    return a;
  }
}

/** Derivation labels, one stream each. */
export const Labels = {
  draw: 'draw',
  prizeBall: 'prize-ball',
  potMultiplier: 'pot-multiplier',
  strip: (stripIndex: number) => `strip/${stripIndex}`,
  luckyFate: (ticketIndex: number) => `lucky-fate/${ticketIndex}`,
  luckyFatePick: (ticketIndex: number) => `lucky-fate-pick/${ticketIndex}`,
} as const;
