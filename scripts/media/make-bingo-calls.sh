#!/usr/bin/env bash
# Speaks the 90 traditional UK bingo calls of bingo-calls.txt ("N|call text", one per line)
# with espeak-ng into small mono mp3 files, and writes the captions:
#   apps/web/public/media/calls/1.mp3 … 90.mp3
#   apps/web/public/media/calls/index.json   { "1": "Kelly's eye, number one", … }
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
CALLS="$HERE/bingo-calls.txt"
OUT="${OUT:-$ROOT/apps/web/public/media}/calls"
mkdir -p "$OUT"

VOICE="${VOICE:-en-gb}" # British English
SPEED=145               # words a minute (espeak-ng's default is 175): a little slower
PITCH=62                # 0-99 (default 50): a bit brighter, for showmanship
MAX_BYTES=15000

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

# The list must be exactly 1…90, in order.
expected=1
while IFS='|' read -r n text; do
  if [ "$n" != "$expected" ] || [ -z "$text" ]; then
    echo "bingo-calls.txt: line $expected should be '$expected|<call>', got '$n|$text'" >&2
    exit 1
  fi
  expected=$((expected + 1))
done <"$CALLS"
[ "$expected" = 91 ] || { echo "bingo-calls.txt: expected 90 calls, got $((expected - 1))" >&2; exit 1; }

json="{"
while IFS='|' read -r n text; do
  espeak-ng -v "$VOICE" -s "$SPEED" -p "$PITCH" -a 180 -g 3 -w "$TMP/raw.wav" "$text"
  # Trim the silence at both ends, add a touch of room, normalise, 22.05 kHz mono.
  sox "$TMP/raw.wav" "$TMP/call.wav" \
    silence 1 0.02 0.5% reverse silence 1 0.02 0.5% reverse \
    gain -6 reverb 18 50 40 pad 0 0.12 norm -1 rate 22050 channels 1
  lame --quiet -m m -b 40 --resample 22.05 "$TMP/call.wav" "$OUT/$n.mp3"
  if [ "$(stat -c %s "$OUT/$n.mp3")" -gt "$MAX_BYTES" ]; then
    lame --quiet -m m -b 32 --resample 22.05 "$TMP/call.wav" "$OUT/$n.mp3"
  fi
  escaped="${text//\\/\\\\}"
  escaped="${escaped//\"/\\\"}"
  [ "$n" = 1 ] || json+=","
  json+=$'\n'"  \"$n\": \"$escaped\""
done <"$CALLS"
printf '%s\n}\n' "$json" >"$OUT/index.json"

echo "wrote 90 calls to $OUT ($(du -cb "$OUT"/*.mp3 | tail -1 | cut -f1) bytes of mp3)" >&2
