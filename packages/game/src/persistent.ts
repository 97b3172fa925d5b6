/*
 * Two small persistent (copy-on-write) structures so that claiming the 100 000th ticket does not
 * copy 99 999 others: a 32-way radix trie of fixed depth 4 (2^20 slots). An update copies
 * the four nodes on its path (128 references) and shares everything else.
 */

const BITS = 5;
const WIDTH = 1 << BITS;
const MASK = WIDTH - 1;
const DEPTH = 4;
/** Keys a trie can hold: 0 .. 2^20 - 1. */
export const TRIE_CAPACITY = 1 << (BITS * DEPTH);

type Node = readonly unknown[];

function trieGet(root: Node | undefined, key: number): unknown {
  let node: Node | undefined = root;
  for (let level = DEPTH - 1; level > 0; level--) {
    if (node === undefined) return undefined;
    node = node[(key >>> (level * BITS)) & MASK] as Node | undefined;
  }
  return node === undefined ? undefined : node[key & MASK];
}

function trieSet(node: Node | undefined, key: number, value: unknown, level = DEPTH - 1): Node {
  const copy = node === undefined ? new Array<unknown>(WIDTH) : node.slice();
  const i = (key >>> (level * BITS)) & MASK;
  copy[i] = level === 0 ? value : trieSet(node?.[i] as Node | undefined, key, value, level - 1);
  return copy;
}

/** A persistent vector of at most 2^20 items. */
export interface PVec<T> {
  readonly size: number;
  /** @internal */
  readonly root: Node | undefined;
  /** Phantom, for the item type. */
  readonly _item?: T;
}

/** The empty vector. */
export function pvecEmpty<T>(): PVec<T> {
  return { size: 0, root: undefined };
}

/** Item i, or undefined when out of range. */
export function pvecGet<T>(v: PVec<T>, i: number): T | undefined {
  if (i < 0 || i >= v.size) return undefined;
  return trieGet(v.root, i) as T;
}

/** A new vector with item i replaced (i < size) or appended (i = size). */
export function pvecSet<T>(v: PVec<T>, i: number, item: T): PVec<T> {
  if (i < 0 || i > v.size || i >= TRIE_CAPACITY) throw new RangeError('pvec index out of range');
  return { size: i === v.size ? v.size + 1 : v.size, root: trieSet(v.root, i, item) };
}

/** A new vector with `item` appended. */
export function pvecPush<T>(v: PVec<T>, item: T): PVec<T> {
  return pvecSet(v, v.size, item);
}

/** Calls f on every item in order. */
export function pvecForEach<T>(v: PVec<T>, f: (item: T, i: number) => void): void {
  let i = 0;
  const walk = (node: Node | undefined, level: number): void => {
    for (let k = 0; k < WIDTH && i < v.size; k++) {
      const child = node?.[k];
      if (level === 0) f(child as T, i++);
      else walk(child as Node | undefined, level - 1);
    }
  };
  walk(v.root, DEPTH - 1);
}

/** A persistent map from strings, hashed into the trie's 2^20 buckets. */
export interface PMap<V> {
  readonly size: number;
  /** @internal */
  readonly root: Node | undefined;
  readonly _value?: V;
}

type Bucket = readonly (readonly [string, unknown])[];

/** FNV-1a over UTF-16 code units, folded to 20 bits. */
function hashKey(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h ^ (h >>> 20)) & (TRIE_CAPACITY - 1);
}

/** The empty map. */
export function pmapEmpty<V>(): PMap<V> {
  return { size: 0, root: undefined };
}

/** The value for key, or undefined. */
export function pmapGet<V>(m: PMap<V>, key: string): V | undefined {
  const bucket = trieGet(m.root, hashKey(key)) as Bucket | undefined;
  if (bucket === undefined) return undefined;
  for (const [k, v] of bucket) if (k === key) return v as V;
  return undefined;
}

/** A new map with key set to value. */
export function pmapSet<V>(m: PMap<V>, key: string, value: V): PMap<V> {
  const h = hashKey(key);
  const bucket = (trieGet(m.root, h) as Bucket | undefined) ?? [];
  const at = bucket.findIndex(([k]) => k === key);
  const next: (readonly [string, unknown])[] = bucket.slice();
  if (at >= 0) next[at] = [key, value];
  else next.push([key, value]);
  return { size: at >= 0 ? m.size : m.size + 1, root: trieSet(m.root, h, next) };
}

/** A new map without key. */
export function pmapDelete<V>(m: PMap<V>, key: string): PMap<V> {
  const h = hashKey(key);
  const bucket = trieGet(m.root, h) as Bucket | undefined;
  if (bucket === undefined || !bucket.some(([k]) => k === key)) return m;
  const next = bucket.filter(([k]) => k !== key);
  return { size: m.size - 1, root: trieSet(m.root, h, next.length === 0 ? undefined : next) };
}
