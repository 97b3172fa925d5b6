#!/usr/bin/env bash
# The browser tests' stand-in for the demo host's studio loop (e2e/support/fixtures.ts serves it in
# place of /media/host-loop.*): two seconds of a 64x36 test card with a quiet tone, a few KB, so a
# phone in a test decodes almost nothing. The real loop (640x360, 24 fps) is for players.
set -euo pipefail
out="$(cd "$(dirname "$0")/../.." && pwd)/e2e/support/media"
mkdir -p "$out"
common=(-y -loglevel error -f lavfi -i "testsrc2=size=64x36:rate=5:duration=2"
  -f lavfi -i "sine=frequency=440:sample_rate=22050:duration=2" -shortest)
ffmpeg "${common[@]}" -c:v libvpx-vp9 -b:v 20k -c:a libopus -b:a 16k "$out/test-host.webm"
ffmpeg "${common[@]}" -c:v libx264 -profile:v main -pix_fmt yuv420p -c:a aac -b:a 16k \
  -movflags +faststart "$out/test-host.mp4"
ls -l "$out"
