import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { fakeHowler } from '@test/shell-howler';

// axe and lazy parts on a shared two-core machine.
vi.setConfig({ testTimeout: 30_000 });

// lib/sound.ts as the player hears it: each test loads the module afresh, as a new page does, with
// howler at the audio edge replaced by a fake that records what the app asks of it.
vi.mock('howler', async () => (await import('@test/shell-howler')).fakeHowler());

type Fake = ReturnType<typeof fakeHowler>;

/**
 * A new page: lib/sound.ts loaded afresh (the stored mute preference is read again), and howler
 * as new (Vitest keeps a mocked module across resetModules: its records are cleared instead).
 * `howler()` waits for the page to load it and gives what the page uses.
 */
async function newPage() {
  vi.resetModules();
  const fake = (await import('howler')) as unknown as Fake;
  fake.played.length = 0;
  fake.Howler._muted = false;
  for (const mock of [
    fake.Howler.mute,
    fake.Howler.volume,
    fake.Howler.ctx.suspend,
    fake.Howler.ctx.resume,
  ]) {
    mock.mockReset();
  }
  fake.Howler.mute.mockImplementation((value: boolean) => {
    fake.Howler._muted = value;
  });
  fake.Howler.ctx.suspend.mockResolvedValue(undefined);
  fake.Howler.ctx.resume.mockResolvedValue(undefined);
  const sound = await import('./sound');
  const howler = () => new Promise<Fake>((resolve) => sound.withHowler((h) => resolve(h as unknown as Fake)));
  return { sound, howler };
}

/** The pages' visibility listeners, removed after each test as a closed page's would be. */
const visibilityListeners: EventListenerOrEventListenerObject[] = [];
const addEventListener = document.addEventListener.bind(document);

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

function setHidden(hidden: boolean) {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(document, 'addEventListener').mockImplementation((type, listener, options) => {
    if (type === 'visibilitychange' && listener) visibilityListeners.push(listener);
    addEventListener(type, listener, options);
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  for (const listener of visibilityListeners.splice(0)) {
    document.removeEventListener('visibilitychange', listener);
  }
  setHidden(false);
});

describe('the mute preference', () => {
  it('is remembered across a reload: a new page starts muted and mutes howler when it loads', async () => {
    const first = await newPage();
    expect(first.sound.isMuted()).toBe(false);
    first.sound.toggleMuted();
    expect(localStorage.getItem('isMuted')).toBe('true');

    const second = await newPage();
    expect(second.sound.isMuted()).toBe(true);
    second.sound.playSfx('click');
    const { Howler } = await second.howler();
    await vi.waitFor(() => expect(Howler.mute).toHaveBeenCalledWith(true));
    expect(Howler._muted).toBe(true);

    second.sound.toggleMuted();
    expect(localStorage.getItem('isMuted')).toBe('false');
    await vi.waitFor(() => expect(Howler._muted).toBe(false));
    expect((await newPage()).sound.isMuted()).toBe(false);
  });
});

describe('the shared button', () => {
  it('plays the click sound when it is tapped', async () => {
    const { sound, howler } = await newPage();
    const { Button } = await import('@/components/ui/button');
    render(<Button>Edit Details</Button>);
    await userEvent.click(screen.getByRole('button', { name: 'Edit Details' }));
    const { played } = await howler();
    await vi.waitFor(() => expect(played).toEqual(['/media/sfx/click.mp3']));
    expect(sound.isMuted()).toBe(false);
  });
});

describe('the game sounds the start-up gate waits for', () => {
  it('asks for every game sound, and stops waiting after a few seconds at most', async () => {
    vi.useFakeTimers();
    const asked: string[] = [];
    // A network that never delivers the sounds.
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        asked.push(url);
        return new Promise<Response>(() => undefined);
      }),
    );
    const { sound } = await newPage();
    let done = false;
    void sound.loadGameSounds().then(() => (done = true));
    expect(asked.sort()).toEqual(
      ['ball-drop', 'click', 'reel-spin', 'reveal', 'win'].map((name) => `/media/sfx/${name}.mp3`),
    );
    await act(() => vi.advanceTimersByTimeAsync(sound.SOUND_LOAD_TIMEOUT_MS - 1));
    expect(done).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(done).toBe(true);
    expect(sound.SOUND_LOAD_TIMEOUT_MS).toBe(4000);
    vi.unstubAllGlobals();
  });
});

describe('on an iPhone', () => {
  beforeEach(() => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE);
  });

  it('mutes every sound while the page is hidden, and brings it back 500 ms after it returns', async () => {
    const { sound, howler } = await newPage();
    sound.playSfx('click');
    const { Howler } = await howler();
    await vi.waitFor(() => expect(Howler.volume).toHaveBeenCalled());
    expect(Howler._muted).toBe(false);

    vi.useFakeTimers();
    setHidden(true);
    await vi.waitFor(() => expect(Howler._muted).toBe(true));
    expect(Howler.ctx.suspend).toHaveBeenCalled();
    setHidden(false);
    await vi.advanceTimersByTimeAsync(499);
    // Still muted straight after, back a moment later.
    expect(Howler._muted).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(Howler._muted).toBe(false));
    expect(Howler.ctx.resume).toHaveBeenCalled();
  });

  it('comes back muted if the player had muted the app', async () => {
    localStorage.setItem('isMuted', 'true');
    const { sound, howler } = await newPage();
    sound.playSfx('click');
    const { Howler } = await howler();
    await vi.waitFor(() => expect(Howler.mute).toHaveBeenCalledWith(true));
    vi.useFakeTimers();
    setHidden(true);
    setHidden(false);
    await vi.advanceTimersByTimeAsync(500);
    await vi.waitFor(() => expect(Howler.ctx.resume).toHaveBeenCalled());
    expect(Howler._muted).toBe(true);
  });

  it('warns when the browser refuses to suspend or resume the audio', async () => {
    const { sound, howler } = await newPage();
    const { ToastContainer } = await import('react-toastify');
    render(<ToastContainer autoClose={false} />);
    sound.playSfx('click');
    const { Howler } = await howler();
    await vi.waitFor(() => expect(Howler.volume).toHaveBeenCalled());
    Howler.ctx.suspend.mockImplementation(() => Promise.reject(new Error('refused')));
    Howler.ctx.resume.mockImplementation(() => Promise.reject(new Error('refused')));

    setHidden(true);
    expect(await screen.findByText('Error suspending audio context.')).toBeInTheDocument();
    setHidden(false);
    expect(
      await screen.findByText('Error resuming audio context.', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
  });

  it('leaves the sound alone on other phones', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
    );
    const { sound, howler } = await newPage();
    sound.playSfx('click');
    const { Howler } = await howler();
    await vi.waitFor(() => expect(Howler.volume).toHaveBeenCalled());
    setHidden(true);
    expect(Howler._muted).toBe(false);
    expect(Howler.ctx.suspend).not.toHaveBeenCalled();
  });
});
