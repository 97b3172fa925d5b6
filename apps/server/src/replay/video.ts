/** An HLS playlist's address (a live stream), as the app tells it from a video file. */
export function isHls(url: string): boolean {
  return /\.m3u8($|[?#])/i.test(url);
}
