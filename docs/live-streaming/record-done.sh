#!/bin/sh
# Ruthless: a recording of a live stream is done (docs/live-streaming.md, Recording for the replay).
#
# nginx's RTMP module runs this, without a shell, when a recording ends (exec_record_done in
# nginx-rtmp.conf):
#   record-done.sh <recording.flv> <stream key> <recordings address> <app address> <log file>
# It remuxes the FLV into an MP4 that browsers play (no re-encoding; +faststart puts the index
# first so the replay can seek at once), removes the FLV, then tells the app the MP4's address and
# when the recording started: POST <app address>/api/streams/recordings, with the bearer token
# STREAM_HOOK_SECRET that nginx passes on from its own environment (`env STREAM_HOOK_SECRET;`).
# The app is told after the remux, so the address it keeps already plays.
set -u
# nginx starts its workers (and so this script) with an empty environment but for `env` lines.
PATH=${PATH:-/usr/local/bin:/usr/bin:/bin}
export PATH

flv=$1 key=$2 recordings=$3 app=$4 log=$5
exec >>"$log" 2>&1
say() { echo "$(date -u +%Y-%m-%dT%H:%M:%SZ) record-done: $*"; }

# The key goes into JSON and an address: only the characters the app accepts.
case $key in
  '' | *[!A-Za-z0-9_-]*) say "skipped $flv: the stream key '$key' is not letters, digits, _ or -"; exit 1 ;;
esac
# record_unique names each recording <key>-<unix seconds of its start>.flv.
base=$(basename "$flv" .flv)
started=${base##*-}
case $started in
  '' | *[!0-9]*) say "skipped $flv: no start time in its name (record_unique on?)"; exit 1 ;;
esac
dir=$(dirname "$flv")
mp4="$dir/$base.mp4"

# Written beside, then renamed: nginx never serves half a file (it serves only *.mp4).
if ! ffmpeg -hide_banner -loglevel error -nostdin -y -i "$flv" -c copy -movflags +faststart \
  -f mp4 "$mp4.part"; then
  say "could not remux $flv (kept)"
  rm -f "$mp4.part"
  exit 1
fi
mv "$mp4.part" "$mp4"
rm -f "$flv"
say "remuxed $mp4"

if [ -z "${STREAM_HOOK_SECRET:-}" ]; then
  say "STREAM_HOOK_SECRET is not set for nginx: the app was not told of $mp4"
  exit 0
fi
started_at=$(date -u -d "@$started" +%Y-%m-%dT%H:%M:%SZ)
body="{\"streamKey\":\"$key\",\"recordingUrl\":\"$recordings/$base.mp4\",\"startedAt\":\"$started_at\"}"
# The secret goes to curl on its standard input, not on a command line that `ps` shows.
if printf 'Authorization: Bearer %s\n' "$STREAM_HOOK_SECRET" |
  curl -sS --fail-with-body --max-time 10 --retry 3 -H @- -H 'Content-Type: application/json' \
    --data "$body" "$app/api/streams/recordings"; then
  echo
  say "told the app of $recordings/$base.mp4 (stream $key, started $started_at)"
else
  echo
  say "the app refused or was out of reach for $recordings/$base.mp4: $body"
  exit 1
fi
