#!/usr/bin/env bash
# measure_frames: frame times of a window redrawn continuously.
#
#   tools/measure_frames.sh [--path stalingrad|none] [--settle S] [--seconds N]
#                           [--shot FILE.png] -- BINARY [ARGS...]
#
# Runs BINARY in a virtual X display (Xvfb, software Vulkan) with EASTFRONT_DIAG=continuous,
# clicks the path to a table (default: stalingrad; `none` for examples/bare_window), lets it
# settle S seconds (default 3), and has the app count N seconds of frames (default 20) and
# exit; prints the app's diagnostic line (src/app/diag.rs), e.g.
#
#   eastfront diag: mode=continuous frames=412 wall_s=20.03 fps=20.6 frame_ms median=47.8 p99=61.2 max=75.0 cpu_s=38.91 cpu_pct=194.3
#   Xvfb 3% of one core; other programs about 1% (over the last 21 s)
#
# Compare the table with the bare window on the same machine:
#   tools/measure_frames.sh -- target/release/eastfront
#   tools/measure_frames.sh --path none -- target/release/examples/bare_window
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/xvfb_table.sh"

path=stalingrad settle=3 seconds=20 shot=""
while [ $# -gt 0 ]; do
  case $1 in
    --path) path=$2; shift 2 ;;
    --settle) settle=$2; shift 2 ;;
    --seconds) seconds=$2; shift 2 ;;
    --shot) shot=$2; shift 2 ;;
    --) shift; break ;;
    *) sed -n 2,17p "$0"; exit 2 ;;
  esac
done
[ $# -ge 1 ] || { sed -n 2,17p "$0"; exit 2; }
xt_path_steps "$path" >/dev/null || exit 2
xt_need_packages || exit 3
trap xt_cleanup EXIT
xt_start_x || exit 3

walk_s=$(xt_path_seconds "$path")
startup=$XT_STARTUP
[ "$path" = none ] && startup=3
skip=$(awk -v a="$startup" -v b="$walk_s" -v c="$settle" 'BEGIN { print a + b + c }')
EASTFRONT_DIAG=continuous EASTFRONT_DIAG_SKIP=$skip EASTFRONT_DIAG_SECONDS=$seconds xt_start_app "$@"
started=$(date +%s.%N)

sleep "$startup"
xt_focus
xt_walk "$path"
xdotool mousemove 500 560
xt_focus

# Counting starts about `skip` seconds after the start (a little later: it is counted from the
# first frame); the machine's other CPU use is sampled from then to the exit.
sleep "$(awk -v s="$started" -v k="$skip" -v n="$(date +%s.%N)" 'BEGIN { d = s + k - n; print (d > 0 ? d : 0) }')"
if [ -n "$shot" ]; then
  if command -v import >/dev/null; then import -window root "$shot"; else xwd -root -silent >"${shot%.png}.xwd"; fi
fi
m0=$(xt_machine_ticks) x0=$(xt_ticks "$XT_XPID") t0=$(date +%s.%N)
# The app exits by itself after skip + seconds (counted from its first frame).
limit=$(awk -v b="$seconds" 'BEGIN { print int(2 * (b + 60)) }')  # half seconds
waited=0
while kill -0 "$XT_APID" 2>/dev/null && [ "$waited" -lt "$limit" ]; do
  sleep 0.5
  waited=$((waited + 1))
done
m1=$(xt_machine_ticks) x1=$(xt_ticks "$XT_XPID") t1=$(date +%s.%N)
line=$(grep 'eastfront diag:' "$XT_LOG" | tail -n 1)
if [ -z "$line" ]; then
  echo "measure_frames: no diagnostic line (a build without src/app/diag.rs?); the log:" >&2
  tail -n 20 "$XT_LOG" >&2
  exit 1
fi
echo "$line"
app_cpu=$(echo "$line" | sed -n 's/.* cpu_s=\([0-9.]*\).*/\1/p')
awk -v m0="$m0" -v m1="$m1" -v x0="$x0" -v x1="$x1" -v t0="$t0" -v t1="$t1" -v app="${app_cpu:-0}" \
  -v hz="$(getconf CLK_TCK)" 'BEGIN {
  wall = t1 - t0; others = (m1 - m0) / hz - app - (x1 - x0) / hz
  if (others < 0) others = 0
  printf "Xvfb %.0f%% of one core; other programs about %.0f%% (over the last %.0f s)\n",
    100 * (x1 - x0) / hz / wall, 100 * others / wall, wall
}'
