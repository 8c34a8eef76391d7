#!/usr/bin/env bash
# measure_idle: how much CPU a window uses when nothing happens at it.
#
#   tools/measure_idle.sh [--path stalingrad|none] [--settle S] [--seconds N] [--unfocused]
#                         [--shot FILE.png] -- BINARY [ARGS...]
#
# Runs BINARY in a virtual X display (Xvfb, software Vulkan), clicks the path to a table
# (default: stalingrad, the menu's Stalingrad card then Start: a solitaire game), gives the
# window the focus (not with --unfocused), lets it settle S seconds (default 5) and then reads
# the process's CPU time (utime + stime from /proc/PID/stat) over N seconds (default 20):
#
#   idle: 1.4% of one core (0.28 s CPU in 20.0 s); Xvfb 0.0%; frames drawn 1; window focused; other programs 3%
#
# "frames drawn" is read from the app's EASTFRONT_DIAG=1 line when the binary has one (the
# measurement sets it; a build without it prints nothing there). --shot saves a screenshot
# taken after the measurement, to check the path reached the table. "other programs" is the
# rest of the machine's CPU use in the same seconds: well above a few %, the figure is not
# from a quiet machine (a contended continuous redraw gets less than it would take alone).
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/xvfb_table.sh"

path=stalingrad settle=5 seconds=20 focus=1 shot=""
while [ $# -gt 0 ]; do
  case $1 in
    --path) path=$2; shift 2 ;;
    --settle) settle=$2; shift 2 ;;
    --seconds) seconds=$2; shift 2 ;;
    --unfocused) focus=0; shift ;;
    --shot) shot=$2; shift 2 ;;
    --) shift; break ;;
    *) sed -n 2,16p "$0"; exit 2 ;;
  esac
done
[ $# -ge 1 ] || { sed -n 2,16p "$0"; exit 2; }
xt_path_steps "$path" >/dev/null || exit 2
xt_need_packages || exit 3
trap xt_cleanup EXIT
xt_start_x || exit 3

# Frames are counted from when the sampling starts (seconds after the first frame; the
# first frame comes a little after the start, so this errs late, never early).
walk_s=$(xt_path_seconds "$path")
skip=$(awk -v a="$XT_STARTUP" -v b="$walk_s" -v c="$settle" 'BEGIN { print a + b + c }')
EASTFRONT_DIAG=1 EASTFRONT_DIAG_SKIP=$skip xt_start_app "$@"

sleep "$XT_STARTUP"
[ "$focus" = 1 ] && xt_focus
xt_walk "$path"
# Leave the pointer on the map, away from the panels, as a player reading the board would.
xdotool mousemove 500 560
[ "$focus" = 1 ] && xt_focus
sleep "$settle"

if ! kill -0 "$XT_APID" 2>/dev/null; then
  echo "measure_idle: the program exited early; its log:" >&2
  tail -n 20 "$XT_LOG" >&2
  exit 1
fi
hz=$(getconf CLK_TCK)
a0=$(xt_ticks "$XT_APID") x0=$(xt_ticks "$XT_XPID") m0=$(xt_machine_ticks) t0=$(date +%s.%N)
sleep "$seconds"
a1=$(xt_ticks "$XT_APID") x1=$(xt_ticks "$XT_XPID") m1=$(xt_machine_ticks) t1=$(date +%s.%N)

[ -n "$shot" ] && import -window root "$shot"
# Ask the app to exit (Bevy's Ctrl+C handler) and wake it with a pointer move so the
# diagnostic line is printed.
kill -INT "$XT_APID" 2>/dev/null
for _ in 1 2 3 4 5 6 7 8 9 10; do
  xdotool mousemove 510 570 mousemove 500 560
  sleep 0.5
  kill -0 "$XT_APID" 2>/dev/null || break
done
frames=$(sed -n 's/.*eastfront diag:.* frames=\([0-9]*\).*/\1/p' "$XT_LOG" | tail -n 1)

awk -v a0="$a0" -v a1="$a1" -v x0="$x0" -v x1="$x1" -v m0="$m0" -v m1="$m1" -v t0="$t0" \
  -v t1="$t1" -v hz="$hz" -v frames="${frames:-n/a}" -v focus="$focus" 'BEGIN {
  wall = t1 - t0; cpu = (a1 - a0) / hz; xcpu = (x1 - x0) / hz; others = (m1 - m0) / hz - cpu - xcpu
  if (others < 0) others = 0
  printf "idle: %.1f%% of one core (%.2f s CPU in %.1f s); Xvfb %.1f%%; frames drawn %s; window %s; other programs %.0f%%\n",
    100 * cpu / wall, cpu, wall, 100 * xcpu / wall, frames, (focus ? "focused" : "unfocused"), 100 * others / wall
}'
