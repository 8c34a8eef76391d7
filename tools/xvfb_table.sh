# Shared by tools/measure_idle.sh and tools/measure_frames.sh (source it, do not run it):
# a virtual X display with software Vulkan (Mesa lavapipe), the program started in it, and the
# clicks that take the menu to a table. The approach is ../shared/tools/xshot's.
#
# The window is 1600x1000 (the app's default size) on a 1600x1000 screen, so the clicks below
# are screen coordinates. Found from screenshots of the menu (tools/measure_idle.sh --shots).

XT_W=1600
XT_H=1000

# Seconds from the program's start to a usable menu (lavapipe compiles the shaders first).
XT_STARTUP=${XT_STARTUP:-12}

# The clicks that reach each table: "x y pause" per step, ';'-separated.
#   stalingrad: the Stalingrad card at the top of the menu, then "Start" (solitaire, the
#   menu's default mode: the player is the German, the Soviet is the rulebook's AI).
xt_path_steps() {
  case $1 in
    none) echo "" ;;
    stalingrad) echo "${XT_STALINGRAD_PATH:-381 134 2; 1111 628 6}" ;;
    *) echo "unknown path '$1' (none, stalingrad)" >&2; return 2 ;;
  esac
}

# Seconds the clicks of a path take (their pauses).
xt_path_seconds() {
  local steps total=0 s
  steps=$(xt_path_steps "$1") || return 2
  IFS=';' read -ra s <<<"$steps"
  for c in "${s[@]}"; do
    set -- $c
    [ $# -ge 3 ] && total=$(awk -v a="$total" -v b="$3" 'BEGIN { print a + b }')
  done
  echo "$total"
}

# XT_NO_INSTALL=1: the tools are on the PATH already (a machine with no package registry, such
# as a lent GPU machine, where the Vulkan driver is the GPU's rather than lavapipe).
xt_need_packages() {
  local need=()
  [ -n "${XT_NO_INSTALL:-}" ] && return 0
  command -v Xvfb >/dev/null || need+=(xvfb)
  command -v xdotool >/dev/null || need+=(xdotool)
  command -v import >/dev/null || need+=(imagemagick)
  [ -e /usr/share/vulkan/icd.d/lvp_icd.x86_64.json ] || [ -e /usr/share/vulkan/icd.d/lvp_icd.aarch64.json ] ||
    need+=(mesa-vulkan-drivers libvulkan1)
  if [ ${#need[@]} -gt 0 ]; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}") >/dev/null 2>&1 ||
      { echo "could not install ${need[*]}" >&2; return 3; }
  fi
}

# Starts Xvfb on a free display; sets XT_XPID and DISPLAY.
xt_start_x() {
  local n disp=""
  for n in $(seq 90 140); do [ -e /tmp/.X11-unix/X$n ] || { disp=$n; break; }; done
  [ -n "$disp" ] || { echo "no free X display" >&2; return 3; }
  Xvfb ":$disp" -screen 0 "${XT_W}x${XT_H}x24" -nolisten tcp >/dev/null 2>&1 &
  XT_XPID=$!
  export DISPLAY=":$disp"
  sleep 1
}

# Starts the program (the rest of the arguments) with its output in XT_LOG; sets XT_APID.
# Its saves and autosave go to a scratch folder, not the player's.
xt_start_app() {
  XT_LOG=$(mktemp)
  XT_DATA=$(mktemp -d)
  # Bevy installs its Ctrl+C handler only where SIGINT is not ignored, and a program started
  # in the background of a script (or under a script started so) ignores it: SIGINT is reset
  # to its default first, so that `kill -INT` makes the app exit cleanly (and print its
  # diagnostic line).
  if command -v perl >/dev/null; then
    set -- perl -e '$SIG{INT} = "DEFAULT"; exec { $ARGV[0] } @ARGV or die "exec $ARGV[0]: $!\n"' -- "$@"
  fi
  set -m
  XDG_DATA_HOME=$XT_DATA "$@" >"$XT_LOG" 2>&1 &
  XT_APID=$!
  set +m
}

xt_window() {
  local w
  w=$(xdotool search --onlyvisible --pid "$XT_APID" 2>/dev/null | tail -n 1)
  [ -n "$w" ] || w=$(xdotool search --onlyvisible --name . 2>/dev/null | tail -n 1)
  echo "$w"
}

# Gives the window the keyboard focus (with no window manager nothing else does): the app
# then runs in its focused update mode, as for a player sitting at it.
xt_focus() {
  local w
  w=$(xt_window)
  [ -n "$w" ] && xdotool windowfocus --sync "$w" 2>/dev/null
}

# Clicks a path's steps.
xt_walk() {
  local steps s c
  steps=$(xt_path_steps "$1") || return 2
  IFS=';' read -ra s <<<"$steps"
  for c in "${s[@]}"; do
    set -- $c
    [ $# -ge 2 ] || continue
    if [ "$1" = key ]; then
      xdotool key "$2"
    else
      xdotool mousemove "$1" "$2" click 1
    fi
    sleep "${3:-1}"
  done
}

# utime + stime of a process, in clock ticks.
xt_ticks() {
  awk '{ sub(/^.*\) /, ""); print $12 + $13 }' "/proc/$1/stat" 2>/dev/null
}

# Busy clock ticks of the whole machine (every CPU: all but idle and iowait), to see whether
# other programs ran during a measurement.
xt_machine_ticks() {
  awk '/^cpu / { print $2 + $3 + $4 + $7 + $8 + $9 }' /proc/stat
}

xt_cleanup() {
  [ -n "${XT_APID:-}" ] && kill "$XT_APID" 2>/dev/null && wait "$XT_APID" 2>/dev/null
  [ -n "${XT_XPID:-}" ] && kill "$XT_XPID" 2>/dev/null
  # XT_KEEP_LOG=FILE keeps the program's log (which adapter it drew with, say).
  [ -n "${XT_LOG:-}" ] && [ -n "${XT_KEEP_LOG:-}" ] && cp "$XT_LOG" "$XT_KEEP_LOG"
  [ -n "${XT_LOG:-}" ] && rm -f "$XT_LOG"
  [ -n "${XT_DATA:-}" ] && rm -rf "$XT_DATA"
  XT_APID=""
  XT_XPID=""
  XT_LOG=""
  XT_DATA=""
}
