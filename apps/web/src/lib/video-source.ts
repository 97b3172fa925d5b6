/** docs/player-app.md's Messages "vindral instance" message, naming our player. */
export const VIDEO_MISSING_MESSAGE =
  'Unable to find ruthless video instance. Please restart the app and contact administrator.';

export const DEMO_POSTER = '/media/host-loop.jpg';

export interface ChosenSource {
  kind: 'hls' | 'file';
  url: string;
  /** True for the demo's own studio loop (no source set on the game). */
  demo: boolean;
}

export function isHls(url: string): boolean {
  return /\.m3u8($|[?#])/i.test(url);
}

/**
 * The host video to play: the game's HLS address or video file, or the demo's studio loop,
 * WebM (VP9 or VP8) first when the browser plays it, else MP4 (docs/player-app.md (Start-up gate)'s intro-video rule).
 */
export function chooseSource(
  source: string | null,
  video: Pick<HTMLVideoElement, 'canPlayType'>,
): ChosenSource {
  if (source) return { kind: isHls(source) ? 'hls' : 'file', url: source, demo: false };
  const webm =
    video.canPlayType('video/webm; codecs="vp9"') !== '' ||
    video.canPlayType('video/webm; codecs="vp8"') !== '';
  return { kind: 'file', url: webm ? '/media/host-loop.webm' : '/media/host-loop.mp4', demo: true };
}
