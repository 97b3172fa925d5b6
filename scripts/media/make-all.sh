#!/usr/bin/env bash
# Regenerates every demo media file in apps/web/public/media (the results are committed, so
# only run this after changing a script; it needs ffmpeg, sox, espeak-ng and lame).
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
bash "$HERE/make-host-video.sh"
bash "$HERE/make-bingo-calls.sh"
bash "$HERE/make-sfx.sh"
du -sh "$HERE/../../apps/web/public/media" >&2
