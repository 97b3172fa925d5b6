import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isMuted, MUTE_STORAGE_KEY, setMuted } from '@/lib/sound';
import { useClientStore } from '@/stores/client-store';
import { expectNoAxeViolations } from '@test/axe';
import { SoundRequiredModal } from './sound-required-modal';

// Moved from e2e/player-small-things.spec.ts (issue 39): the sound modal's 'Continue without
// sound'. That a browser refusing autoplay with sound raises the modal is the show's journeys'.

describe('the sound modal (Continue without sound)', { timeout: 30_000 }, () => {
  beforeEach(() => {
    setMuted(false);
    localStorage.removeItem(MUTE_STORAGE_KEY);
    useClientStore.getState().setLiveVideo({ needsUserInput: true, isSuspended: false });
  });
  afterEach(() => {
    useClientStore.getState().setLiveVideo({ needsUserInput: false, isSuspended: false });
    vi.restoreAllMocks();
  });

  it('lets a player carry on without sound: the video plays muted and the choice is remembered', async () => {
    const video = document.createElement('video');
    const play = vi.spyOn(video, 'play').mockResolvedValue(undefined);
    const videoRef = createRef<HTMLVideoElement>() as { current: HTMLVideoElement | null };
    videoRef.current = video;
    const user = userEvent.setup();
    render(<SoundRequiredModal videoRef={videoRef} />);

    const modal = screen.getByRole('dialog', { name: 'Sound Interaction Required' });
    expect(modal).toHaveTextContent(
      'Host live video requires permission on your device. Please confirm to allow audio.',
    );
    await expectNoAxeViolations();
    await user.click(within(modal).getByRole('button', { name: 'Continue without sound' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(video.muted).toBe(true);
    expect(play).toHaveBeenCalledTimes(1);
    expect(useClientStore.getState().liveVideo).toEqual({ needsUserInput: false, isSuspended: false });
    // Muted as the menu's Toggle Sound mutes: remembered for the next show.
    expect(isMuted()).toBe(true);
    expect(localStorage.getItem('isMuted')).toBe('true');
  });

  it('carries on even before the stream is there (no video yet)', async () => {
    const user = userEvent.setup();
    render(<SoundRequiredModal videoRef={{ current: null }} />);
    await user.click(screen.getByRole('button', { name: 'Continue without sound' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem('isMuted')).toBe('true');
  });
});
