import { vi } from 'vitest';

/**
 * howler as the tests hear it (`vi.mock('howler', async () => (await import('…/test/shell-howler')).fakeHowler())`): every Howl made and played, and the global Howler's mute, volume and audio context.
 */
export function fakeHowler() {
  const played: string[] = [];
  const ctx = {
    state: 'running' as AudioContextState,
    suspend: vi.fn(() => Promise.resolve()),
    resume: vi.fn(() => Promise.resolve()),
  };
  const Howler = {
    _muted: false,
    ctx,
    volume: vi.fn(),
    mute: vi.fn((value: boolean) => {
      Howler._muted = value;
    }),
  };
  class Howl {
    private loaded = false;
    constructor(private readonly options: { src: string[] }) {}
    state() {
      return this.loaded ? 'loaded' : 'unloaded';
    }
    load() {
      this.loaded = true;
    }
    play() {
      played.push(...this.options.src);
      return played.length;
    }
    playing() {
      return false;
    }
    volume() {}
    stop() {}
    pause() {}
  }
  return { Howler, Howl, played };
}
