#!/bin/sh
# Sets up (and tears down) a system D-Bus, GeoClue2 and its demo agent, with a test configuration that lets
# GeoClue read fixes only from NMEA sentences served on a Unix socket. Root only; used by the GeoClue
# integration test (Tests/LinuxCoreLocationTests/Providers/GeoClue/GeoClueIntegrationTests.swift) and by hand:
#
#   Scripts/geoclue-test-env.sh start STATE_DIR NMEA_SOCKET DESKTOP_ID [no-agent]   # silent on success
#   Scripts/geoclue-test-env.sh stop STATE_DIR                           # always safe to run, idempotent
#
# `start` exits with 3 when a GeoClue is already running (a desktop's own): tests then skip rather than take it over.
# The configuration allows DESKTOP_ID as a system application and forbids DESKTOP_ID.Denied.
# `start` backs up /etc/geoclue/geoclue.conf into STATE_DIR, installs the test configuration, starts what is
# not running (dbus-daemon --system, the demo agent, /usr/libexec/geoclue) each in its own process group and
# records the group ids in STATE_DIR/pgids. `stop` kills exactly those groups, restores the configuration and
# removes the PID file of a bus it started. Needs: apt-get install -y --no-install-recommends geoclue-2.0 dbus
set -eu

CONF=/etc/geoclue/geoclue.conf
GEOCLUE=/usr/libexec/geoclue
AGENT=/usr/libexec/geoclue-2.0/demos/agent
BUS_SOCKET=/run/dbus/system_bus_socket

die() { echo "geoclue-test-env: $*" >&2; exit 1; }

# Starts "$@" in a new session (so a new process group whose id is the pid of the process), logging to
# STATE_DIR/NAME.log, and records the group id.
spawn() {
    name=$1; shift
    rm -f "$STATE/$name.pid"
    setsid sh -c 'echo "$$" >"$0.tmp" && mv "$0.tmp" "$0" && exec "$@"' "$STATE/$name.pid" "$@" \
        <"/dev/null" >"$STATE/$name.log" 2>&1 &
    wait_for test -s "$STATE/$name.pid" || die "$name did not start"
    echo "$(cat "$STATE/$name.pid") $name" >>"$STATE/pgids"
}

# Waits up to 5 s for a command to succeed.
wait_for() {
    tries=0
    until "$@" >/dev/null 2>&1; do
        tries=$((tries + 1))
        [ $tries -le 100 ] || return 1
        sleep 0.05
    done
}

bus_has_name() {
    [ -S "$BUS_SOCKET" ] && dbus-send --system --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
        org.freedesktop.DBus.NameHasOwner "string:$1" | grep -q "boolean true"
}

start() {
    STATE=$1 NMEA=$2 DESKTOP_ID=$3 WITH_AGENT=${4:-agent}
    [ "$(id -u)" = 0 ] || die "must run as root"
    [ -x "$GEOCLUE" ] && [ -x "$AGENT" ] || die "geoclue-2.0 is not installed ($GEOCLUE, $AGENT)"
    command -v dbus-daemon >/dev/null || die "dbus is not installed"
    mkdir -p "$STATE"
    : >"$STATE/pgids"
    if bus_has_name org.freedesktop.GeoClue2; then
        echo "geoclue-test-env: GeoClue is already running on this system bus; not touching it" >&2
        exit 3
    fi
    if [ ! -f "$STATE/geoclue.conf.orig" ] && [ ! -f "$STATE/no-conf" ]; then
        if [ -f "$CONF" ]; then cp -p "$CONF" "$STATE/geoclue.conf.orig"; else touch "$STATE/no-conf"; fi
    fi
    mkdir -p /etc/geoclue
    cat >"$CONF" <<CONF
[agent]
whitelist=geoclue-demo-agent

[network-nmea]
enable=true
nmea-socket=$NMEA

[3g]
enable=false

[cdma]
enable=false

[modem-gps]
enable=false

[wifi]
enable=false

[compass]
enable=false

[$DESKTOP_ID]
allowed=true
system=true
users=

[$DESKTOP_ID.Denied]
allowed=false
system=true
users=
CONF
    if [ ! -S "$BUS_SOCKET" ] || ! dbus-send --system --dest=org.freedesktop.DBus / org.freedesktop.DBus.Peer.Ping 2>/dev/null; then
        mkdir -p /run/dbus
        rm -f /run/dbus/pid "$BUS_SOCKET"
        spawn dbus dbus-daemon --system --nofork --nopidfile
        touch "$STATE/started-bus"
        wait_for dbus-send --system --dest=org.freedesktop.DBus / org.freedesktop.DBus.Peer.Ping || die "the system bus did not start"
    fi
    spawn geoclue "$GEOCLUE"
    wait_for bus_has_name org.freedesktop.GeoClue2 || die "GeoClue did not take its bus name (see $STATE/geoclue.log)"
    [ "$WITH_AGENT" = no-agent ] && return 0
    spawn agent "$AGENT"
    # The agent registers itself with AddAgent; GeoClue logs nothing about it, so give it a moment to connect.
    sleep 0.3
}

stop() {
    STATE=$1
    if [ -f "$STATE/pgids" ]; then
        # Newest first: the agent, GeoClue, then the bus.
        tac "$STATE/pgids" | while read -r pgid name; do
            kill -TERM "-$pgid" 2>/dev/null || true
        done
        sleep 0.2
        tac "$STATE/pgids" | while read -r pgid name; do
            kill -KILL "-$pgid" 2>/dev/null || true
        done
        rm -f "$STATE/pgids"
    fi
    if [ -f "$STATE/geoclue.conf.orig" ]; then
        cp -p "$STATE/geoclue.conf.orig" "$CONF" && rm -f "$STATE/geoclue.conf.orig"
    elif [ -f "$STATE/no-conf" ]; then
        rm -f "$CONF" "$STATE/no-conf"
    fi
    if [ -f "$STATE/started-bus" ]; then
        rm -f "$BUS_SOCKET" "$STATE/started-bus"
    fi
}

case "${1:-}" in
start) [ $# -eq 4 ] || [ $# -eq 5 ] || die "usage: $0 start STATE_DIR NMEA_SOCKET DESKTOP_ID [no-agent]"; shift; start "$@" ;;
stop) [ $# -eq 2 ] || die "usage: $0 stop STATE_DIR"; stop "$2" ;;
*) die "usage: $0 start STATE_DIR NMEA_SOCKET DESKTOP_ID [no-agent] | stop STATE_DIR" ;;
esac
