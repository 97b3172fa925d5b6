#!/usr/bin/env bash
# Subsets the two web fonts to the characters the app writes (docs/web-quality.md, Lighthouse):
# printable ASCII plus the few typographic marks its texts use. Output: src/assets/fonts/
# luckiest-guy-app.woff2 and nunito-app-wght.woff2 (the variable weight axis kept), declared in
# src/styles/fonts.css after @fontsource's faces, which still cover every other character (player
# names, chat) and load only when such a character is shown.
# Needs fonttools with brotli (Debian: apt-get install -y python3-fonttools python3-brotli).
# Run from anywhere: bash apps/web/scripts/make-fonts.sh (PYTHON=/usr/bin/python3 for Debian's)
set -euo pipefail

web="$(cd "$(dirname "$0")/.." && pwd)"
modules="$(cd "$web/../.." && pwd)/node_modules"
out="$web/src/assets/fonts"
mkdir -p "$out"

# Keep in step with the unicode-range in src/styles/fonts.css.
unicodes='U+0020-007E,U+00A0,U+00A3,U+00A9,U+00B7,U+00D7,U+2013-2014,U+2018-2019,U+201C-201D,U+2022,U+2026,U+2039-203A,U+2192'

subset() { # source output
  "${PYTHON:-python3}" -m fontTools.subset "$1" --output-file="$2" --flavor=woff2 \
    --unicodes="$unicodes" --layout-features='kern,liga,calt,ccmp,locl,mark,mkmk' \
    --no-hinting --desubroutinize --name-IDs='*' --name-languages='*'
  echo "$2: $(wc -c <"$2") bytes (from $(wc -c <"$1"))"
}

subset "$modules/@fontsource/luckiest-guy/files/luckiest-guy-latin-400-normal.woff2" "$out/luckiest-guy-app.woff2"
subset "$modules/@fontsource-variable/nunito/files/nunito-latin-wght-normal.woff2" "$out/nunito-app-wght.woff2"
