#!/usr/bin/env bash
# Makes the app's music and sound files with sox (and ffmpeg for the mp3 encoding).
# Output: public/sounds/presenter-only.mp3, the lobby's background loop (8 s, 120 BPM, C-Am-F-G),
# small enough (<100 KB) to fetch on demand. Run from anywhere: bash apps/web/scripts/make-sounds.sh
set -euo pipefail

out="$(cd "$(dirname "$0")/.." && pwd)/public/sounds"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"

rate=44100
beat=0.5 # 120 BPM

# One bar: a warm pad chord for four beats, a pumping bass note on each beat.
bar() { # name root third fifth bass
  local name=$1 root=$2 third=$3 fifth=$4 bass=$5
  sox -n -r $rate -c 1 "$work/pad-$name.wav" synth 2 triangle "$root" triangle "$third" triangle "$fifth" \
    remix - fade q 0.02 2 0.3 gain -16
  local parts=()
  for i in 1 2 3 4; do
    sox -n -r $rate -c 1 "$work/bass-$name-$i.wav" synth $beat square "$bass" gain -20 fade q 0.005 $beat 0.3 \
      lowpass 900
    parts+=("$work/bass-$name-$i.wav")
  done
  sox "${parts[@]}" "$work/bassline-$name.wav"
  sox -m "$work/pad-$name.wav" "$work/bassline-$name.wav" "$work/bar-$name.wav"
}

bar 1 C4 E4 G4 C2
bar 2 A3 C4 E4 A1
bar 3 F3 A3 C4 F1
bar 4 G3 B3 D4 G1
sox "$work"/bar-{1,2,3,4}.wav "$work/chords.wav"

# Hi-hats on the off-beats and a bright bell on the first beat of each bar: the studio sparkle.
sox -n -r $rate -c 1 "$work/silence.wav" trim 0 0.25
sox -n -r $rate -c 1 "$work/hat.wav" synth 0.04 whitenoise gain -22 highpass 7000 fade q 0 0.04 0.035
sox "$work/hat.wav" "$work/silence.wav" "$work/hat-step.wav" trim 0 0.25
sox "$work/silence.wav" "$work/hat-step.wav" "$work/hat-beat.wav"
sox "$work/hat-beat.wav" "$work/hats.wav" repeat 15
sox -n -r $rate -c 1 "$work/bell.wav" synth 0.6 sine E6 sine B6 remix - fade q 0.002 0.6 0.55 gain -24
sox -n -r $rate -c 1 "$work/rest.wav" trim 0 1.4
sox "$work/bell.wav" "$work/rest.wav" "$work/bell-bar.wav"
sox "$work/bell-bar.wav" "$work/bells.wav" repeat 3

sox -m "$work/chords.wav" "$work/hats.wav" "$work/bells.wav" "$work/mix.wav" trim 0 8 norm -3
ffmpeg -loglevel error -y -i "$work/mix.wav" -ac 1 -ar 44100 -codec:a libmp3lame -b:a 64k \
  "$out/presenter-only.mp3"
ls -l "$out"
