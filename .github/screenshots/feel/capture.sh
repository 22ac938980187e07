#!/usr/bin/env bash
# Frame-by-frame sheets of a weak and a strong hit with every tool, as docs/punching.md
# shows them: the real app headless, a screenshot every 16 ms for 600 ms after the
# hit, cropped around it and laid out with ImageMagick's montage (two rows a hit).
#   .github/screenshots/feel/capture.sh [path/to/stresspunch]
# Writes TOOL.jpg (1280x720) and TOOL-4k.jpg (3840x2160) beside this script: in
# each, the weak hit (a still click, 300) on the first two rows, the strong one (a
# full-pressure touch, 999: the big one) on the last two, left to right in time.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
app="${1:-$here/../../../.build/release/stresspunch}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# size, the hit (x y), the first click that puts the first-launch hint away, the crop
# (WxH+X+Y) and the tile size
capture() {
    local tool=$1 size=$2 hit=$3 first=$4 crop=$5 tile=$6 out=$7
    for strength in weak strong; do
        local data="$work/$tool-$size-$strength" shots="$work/$tool-$size-$strength-shots"
        mkdir -p "$shots"
        "$app" --data-dir "$data" settings set tool "$tool" >/dev/null
        {
            echo "0.30 click $first"
            if [ "$strength" = weak ]; then
                echo "2.000 click $hit"          # a still click: 300
            else
                echo "2.000 touchdown 1 $hit 1.0"  # full pressure: 999, the big one
                echo "2.010 touchup 1 $hit"
            fi
            for frame in $(seq 0 37); do
                awk -v f="$frame" -v dir="$shots" 'BEGIN { printf "%.3f screenshot %s/%02d.png\n", 2 + f * 0.016, dir, f }'
            done
            echo "2.80 quit"
        } > "$work/script.txt"
        "$app" --headless --script "$work/script.txt" --size "$size" --data-dir "$data" >/dev/null
        for frame in "$shots"/*.png; do convert "$frame" -crop "$crop" +repage -resize "${tile}x${tile}" "$frame"; done
    done
    montage "$work/$tool-$size-weak-shots"/*.png "$work/$tool-$size-strong-shots"/*.png \
        -tile 19x -geometry "${tile}x${tile}+1+1" -background '#191A2C' -strip -quality 85 "$out"
}

for tool in ${TOOLS:-fist slap pillow pie tomato mallet}; do
    capture "$tool" 1280x720 "600 330" "560 560" 460x460+370+100 120 "$here/$tool.jpg"
    capture "$tool" 3840x2160 "1800 990" "1680 1680" 1380x1380+1110+300 120 "$here/$tool-4k.jpg"
done
