#!/usr/bin/env bash
# Makes the fuzzers' seed corpora in Fuzz/corpus/ (committed; run again to remake
# them): tiny valid pictures of every accepted format from ImageMagick, a few
# headless scripts, and a fresh library from the built stresspunch.
# Usage: Fuzz/make-seeds.sh [path/to/stresspunch]
set -euo pipefail
cd "$(dirname "$0")"
binary="${1:-../.build/release/stresspunch}"
pictures=corpus/picture scripts=corpus/script library=corpus/library
mkdir -p "$pictures" "$scripts" "$library"

convert -size 4x4 xc:red "$pictures/red.png"
convert -size 6x3 gradient:blue-yellow -alpha set -channel A -evaluate set 50% "$pictures/translucent.png"
convert -size 8x8 xc:green -quality 80 "$pictures/green.jpg"
convert -size 16x16 gradient:red-blue -interlace JPEG "$pictures/progressive.jpg"
convert -size 8x8 xc:red -colorspace CMYK "$pictures/cmyk.jpg"
convert -size 5x5 xc:purple "$pictures/purple.gif"
convert -size 5x5 xc:orange "$pictures/orange.bmp"
convert -size 4x4 xc:teal "$pictures/teal.webp" 2>/dev/null || true

printf '0.10 click 640 360\n0.20 key Ctrl+N\n0.30 text "Büro 🥊"\n0.40 quit\n' > "$scripts/basic.txt"
printf '# every kind of line\n0.1 touchdown 1 320 200 0.5\n0.2 touchmove 1 330 210\n0.3 touchup 1 330 210\n0.4 pad a\n0.5 padaxis leftx -0.8\n0.6 wheel 0 -3\n0.7 key Shift+Tab\n0.8 resize 800 600\n0.9 drop "/tmp/a b.png"\n1.0 screenshot out.png\n2 quit\n' > "$scripts/every-kind.txt"
printf '# labels, held keys, challenges\n0.1 click "Rush"\n0.2 touch "Delete" 2\n0.3 keydown space\n0.4 keydown Backspace repeat\n0.8 keyup space\n0.9 key Ctrl+B\n1.0 padaxis righttrigger 0.7\n1.1 key Ctrl+T\n2 quit\n' > "$scripts/labels-and-holds.txt"

rm -rf /tmp/stresspunch-seed-library
"$binary" --data-dir /tmp/stresspunch-seed-library targets list > /dev/null
sqlite3 /tmp/stresspunch-seed-library/library.sqlite "PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode = DELETE;" > /dev/null
cp /tmp/stresspunch-seed-library/library.sqlite "$library/fresh.sqlite"
rm -rf /tmp/stresspunch-seed-library
