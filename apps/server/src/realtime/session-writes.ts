/**
 * The client as the Socket.IO streams adapter should see it: the same connection, but a SET that
 * fails resolves to null instead of rejecting.
 *
 * The adapter saves each dropped session with a SET it never awaits (`persistSession`). In a
 * storm of drops Redis can answer after the client's command timeout (5 s): the SET rejects with
 * nobody to catch it, and an unhandled rejection stops the process, so one storm took three of
 * four processes down in the scale bench. A session whose SET failed is simply not recovered: its
 * phone joins again from its last seq (docs/cluster.md, Reconnect storms). The adapter only sets
 * session keys, so nothing else is swallowed; everything else goes to the client itself.
 */
export function withSessionWritesCaught<Client extends { set(...args: never[]): Promise<unknown> }>(
  redis: Client,
): Client {
  const set = (...args: Parameters<Client['set']>) => redis.set(...args).catch(() => null);
  return new Proxy(redis, {
    get(target, property) {
      if (property === 'set' || property === 'SET') return set;
      const value: unknown = Reflect.get(target, property, target);
      // The client's methods use private fields: they must run on the client, not the proxy.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
