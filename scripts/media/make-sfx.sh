#!/usr/bin/env bash
# Makes the game screen's short sound effects with sox (mono mp3, 22.05/44.1 kHz):
#   apps/web/public/media/sfx/ball-drop.mp3  a short pop with a falling whoosh
#   apps/web/public/media/sfx/win.mp3        a bright ~1.5 s fanfare
#   apps/web/public/media/sfx/reel-spin.mp3  a ~2 s ticking spin that slows down
#   apps/web/public/media/sfx/reveal.mp3     a ~1.5 s drum roll ending on a hit
#   apps/web/public/media/sfx/click.mp3      a tiny UI click (the shared button sound)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
OUT="${OUT:-$ROOT/apps/web/public/media}/sfx"
mkdir -p "$OUT"

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

R=44100
S=(-r "$R" -c 1 -b 16) # the format of every intermediate file

mp3() { # mp3 <wav> <name> [kbps]
  sox "$1" "$TMP/final.wav" norm -1 rate 44100
  lame --quiet -m m -b "${3:-64}" "$TMP/final.wav" "$OUT/$2.mp3"
}

# ---- ball-drop: a bubbly pop (a fast falling sine) over a short band-passed whoosh.
sox -n "${S[@]}" "$TMP/pop.wav" synth 0.12 sine 900-180 fade q 0.002 0.12 0.1
sox -n "${S[@]}" "$TMP/whoosh.wav" synth 0.35 pinknoise fade q 0.12 0.35 0.2 sinc 400-3000 vol 0.35
sox -G -m "$TMP/whoosh.wav" "$TMP/pop.wav" "$TMP/ball-drop.wav" reverb 20 pad 0 0.1
mp3 "$TMP/ball-drop.wav" ball-drop

# ---- win: a brass-ish arpeggio C-E-G then a held C major chord with a sparkle.
note() { # note <file> <seconds> <freq…>
  local f="$1" d="$2"; shift 2
  local args=()
  for hz in "$@"; do args+=(sawtooth "$hz"); done
  sox -n "${S[@]}" "$f" synth "$d" "${args[@]}" lowpass 3500 fade q 0.01 "$d" 0.08 vol 0.5
}
note "$TMP/w1.wav" 0.14 523.25
note "$TMP/w2.wav" 0.14 659.25
note "$TMP/w3.wav" 0.14 783.99
note "$TMP/w4.wav" 1.0 523.25 659.25 783.99 1046.5
sox -n "${S[@]}" "$TMP/sparkle.wav" synth 1.0 sine 2093 sine 3136 tremolo 12 80 fade q 0.05 1.0 0.6 vol 0.12
sox -G -m "$TMP/w4.wav" "$TMP/sparkle.wav" "$TMP/w4s.wav"
sox -G "$TMP/w1.wav" "$TMP/w2.wav" "$TMP/w3.wav" "$TMP/w4s.wav" "$TMP/win.wav" reverb 35 pad 0 0.1
mp3 "$TMP/win.wav" win 64

# ---- reel-spin: clicks on a slowing grid (fast at first, slower towards the end), ~2 s.
clicks=()
t=0
i=0
while awk -v t="$t" 'BEGIN { exit !(t < 1.9) }'; do
  gap=$(awk -v i="$i" 'BEGIN { printf "%.4f", 0.045 + 0.0045 * i }')
  sox -n "${S[@]}" "$TMP/tick$i.wav" synth 0.012 square 1800 fade q 0.001 0.012 0.008 vol 0.5 pad 0 "$gap"
  clicks+=("$TMP/tick$i.wav")
  t=$(awk -v t="$t" -v g="$gap" 'BEGIN { printf "%.4f", t + g + 0.012 }')
  i=$((i + 1))
done
sox "${clicks[@]}" "$TMP/ticks.wav"
sox -n "${S[@]}" "$TMP/hum.wav" synth 2.0 sine 110-70 fade q 0.05 2.0 0.3 vol 0.15
sox -G -m "$TMP/ticks.wav" "$TMP/hum.wav" "$TMP/reel-spin.wav" trim 0 2.0 fade q 0 2.0 0.15
mp3 "$TMP/reel-spin.wav" reel-spin 48

# ---- reveal: a snare-ish roll that swells for ~1.1 s, then a boom and a crash.
sox -n "${S[@]}" "$TMP/roll.wav" synth 1.1 whitenoise tremolo 28 95 sinc 800-6000 fade q 0.9 1.1 0 vol 0.6
sox -n "${S[@]}" "$TMP/boom.wav" synth 0.5 sine 120-45 fade q 0.002 0.5 0.45
sox -n "${S[@]}" "$TMP/crash.wav" synth 0.5 whitenoise vol 0.4 highpass 3000 fade q 0.002 0.5 0.48
sox -G -m "$TMP/boom.wav" "$TMP/crash.wav" "$TMP/hit.wav"
sox -G "$TMP/roll.wav" "$TMP/hit.wav" "$TMP/reveal.wav" reverb 30
mp3 "$TMP/reveal.wav" reveal 48

# ---- click: a tiny, dry tick.
sox -n "${S[@]}" "$TMP/click.wav" synth 0.025 sine 2400-1200 fade q 0.001 0.025 0.02 pad 0 0.01
mp3 "$TMP/click.wav" click 48

ls -l "$OUT" >&2
