#!/bin/sh
# Orca on the real app, by hand: a session bus of its own, the accessibility bus,
# speech-dispatcher speaking to ALSA's null device (so it never waits for a sound
# card), Orca, and StressPunch in an Xvfb display, then keys typed with xdotool.
# Prints what Orca said, as speech-dispatcher received it. Needs orca,
# speech-dispatcher, espeak-ng, xvfb and xdotool (Debian packages of those names).
#
#   .github/accessibility/orca-walk.sh [path/to/stresspunch]
#
# Run it with dbus-run-session around nothing: it starts its own.
set -eu
binary=$(realpath "${1:-.build/release/stresspunch}")
work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT
mkdir -p "$work/runtime" "$work/home/.config/speech-dispatcher" "$work/log"
chmod 700 "$work/runtime"
cat /etc/speech-dispatcher/speechd.conf > "$work/home/.config/speech-dispatcher/speechd.conf"
printf 'AudioOutputMethod "alsa"\nAudioALSADevice "null"\n' >> "$work/home/.config/speech-dispatcher/speechd.conf"
printf 'pcm.!default { type null }\n' > "$work/home/.asoundrc"

Xvfb :91 -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
sleep 1
cat > "$work/session.sh" <<SESSION
/usr/libexec/at-spi-bus-launcher --launch-immediately >/dev/null 2>&1 &
sleep 1
speech-dispatcher -s -t 0 -l 5 -L "$work/log" >/dev/null 2>&1 &
sleep 1
orca --replace >/dev/null 2>&1 &
sleep 6
"$binary" --data-dir "$work/data" --size 1280x720 >/dev/null 2>&1 &
sleep 6
xdotool search --name StressPunch windowfocus --sync
sleep 2
for key in Tab Tab Tab Tab Tab Tab Tab; do xdotool key \$key; sleep 2; done
xdotool key ctrl+l; sleep 3
for key in Tab Tab Tab Tab; do xdotool key \$key; sleep 2; done
xdotool type Alarm; sleep 3
xdotool key Escape; sleep 2
kill \$(jobs -p) 2>/dev/null
SESSION
DISPLAY=:91 HOME="$work/home" XDG_RUNTIME_DIR="$work/runtime" SDL_AUDIODRIVER=none \
    timeout 150 dbus-run-session -- sh "$work/session.sh" 2>/dev/null || true
# Each utterance as it reached speech-dispatcher, its SSML marks taken out.
grep 'New buf is now' "$work/log/speech-dispatcher.log" | sed 's/.*New buf is now: |//; s/<[^>]*>//g; s/|$//'
