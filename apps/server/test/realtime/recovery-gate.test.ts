import { describe, expect, it } from 'vitest';
import { RecoveryGate } from '../../src/realtime/recovery-gate';

describe('RecoveryGate', () => {
  const setUp = (maxViewers: number) => {
    const clock = { now: 0, connections: 0 };
    const gate = new RecoveryGate(
      maxViewers,
      120_000,
      () => clock.connections,
      () => clock.now,
    );
    return { clock, gate };
  };

  it('recovers while the audience stays within the limit', () => {
    const { clock, gate } = setUp(3);
    clock.connections = 3;
    expect(gate.recovers()).toBe(true);
  });

  it('recovers nobody a storm brings back, though the process is nearly empty when they return', () => {
    const { clock, gate } = setUp(3);
    clock.connections = 4;
    // The first drop of the storm is seen with the audience still connected.
    expect(gate.recovers()).toBe(false);
    clock.connections = 0;
    clock.now = 1000;
    expect(gate.recovers()).toBe(false);
    clock.connections = 2;
    clock.now = 119_000;
    expect(gate.recovers()).toBe(false);
  });

  it('judges a storm by the audience noted before it, though every connection closed before the first drop was stored', () => {
    const { clock, gate } = setUp(3);
    // Noted as each connection arrives (socket-server.ts).
    for (clock.connections = 1; clock.connections <= 8; clock.connections++) gate.recentAudience();
    clock.connections = 0;
    clock.now = 10;
    expect(gate.recovers()).toBe(false);
  });

  it('recovers again once the big audience is older than the reconnect window', () => {
    const { clock, gate } = setUp(3);
    clock.connections = 10;
    expect(gate.recovers()).toBe(false);
    clock.connections = 2;
    clock.now = 120_001;
    expect(gate.recovers()).toBe(true);
  });

  it('recovers no one at a limit of 0', () => {
    const { clock, gate } = setUp(0);
    clock.connections = 1;
    expect(gate.recovers()).toBe(false);
  });
});
