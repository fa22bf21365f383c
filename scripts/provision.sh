#!/usr/bin/env bash
# Provisions everything the test suite and the demo need, idempotently and cached. `npm test`
# and `npm start` run it first (the project's .npmrc sets ignore-scripts, so npm never runs a
# pre/post script: the scripts call this file themselves).
#
# Usage: scripts/provision.sh [test|demo] [--check]
#   test     (default) both n8n lines, Node 24 and the system services of the test suite
#   demo     what `npm start` needs: n8n 2.x on Node 24
#   --check  install nothing: list what is missing and exit 1 if anything is
#
# System packages (Debian/Ubuntu): installed with apt-get when missing and running as root
# (one `apt-get update` first); otherwise it stops at once naming the command to run.
# n8n and Node 24: scripts/install-n8n.sh (its parts run in parallel), into
# ${SMSAPI_N8N_CACHE:-$HOME/.cache/n8n-nodes-smsapi-plus}.
set -euo pipefail
cd "$(dirname "$0")/.."

# Inside `npm test`/`npm start`, npm hands its configuration to child processes as npm_config_*
# variables; the project's ignore-scripts=true would then reach the nested `npm rebuild sqlite3`
# and make it build nothing. The installs below live outside the project and choose their own
# flags, so none of the project's settings may leak into them.
unset npm_config_ignore_scripts

MODE="test"
CHECK=0
for arg in "$@"; do
	case "$arg" in
		test | demo) MODE="$arg" ;;
		--check) CHECK=1 ;;
		-h | --help)
			sed -n '2,14p' "$0"
			exit 0
			;;
		*)
			echo "provision: unknown argument '$arg' (expected test, demo or --check)" >&2
			exit 2
			;;
	esac
done

log() { printf '[provision %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
fail() {
	printf '[provision] ERROR: %s\n' "$*" >&2
	exit 1
}

# --- system packages: "probe debian-package" per line -----------------------------------------
# The probe is a command looked up on PATH, or (when it holds a '/') a file pattern that must match:
# Debian's PostgreSQL keeps initdb/pg_ctl in /usr/lib/postgresql/<major>/bin, off PATH.
SYSTEM_NEEDS=()
if [ "$MODE" = test ]; then
	SYSTEM_NEEDS+=("redis-server redis-server")                 # n8n queue mode (test/e2e/topology-line*.test.ts)
	SYSTEM_NEEDS+=("/usr/lib/postgresql/*/bin/initdb postgresql") # its database (test/e2e/topology-line*.test.ts)
	SYSTEM_NEEDS+=("chromium chromium")                         # the editor in a browser (test/e2e/installed-package.test.ts)
fi

have() {
	case "$1" in
		*/*) compgen -G "$1" >/dev/null ;;
		*) command -v "$1" >/dev/null 2>&1 ;;
	esac
}

missing_pkgs=()
for need in "${SYSTEM_NEEDS[@]}"; do
	have "${need%% *}" || missing_pkgs+=("${need#* }")
done

# --- n8n lines --------------------------------------------------------------------------------
CACHE="${SMSAPI_N8N_CACHE:-$HOME/.cache/n8n-nodes-smsapi-plus}"
LINES=(2)
[ "$MODE" = test ] && LINES=(2 1)
missing_lines=()
for line in "${LINES[@]}"; do
	bash scripts/install-n8n.sh "$line" --check >/dev/null 2>&1 || missing_lines+=("$line")
done
# Verdaccio (test/e2e/registry.test.ts): scripts/install-verdaccio.sh, on Node 24, after n8n.
missing_verdaccio=()
[ "$MODE" = test ] && ! bash scripts/install-verdaccio.sh --check >/dev/null 2>&1 && missing_verdaccio=(verdaccio)

if [ "${#missing_pkgs[@]}" -eq 0 ] && [ "${#missing_lines[@]}" -eq 0 ] && [ "${#missing_verdaccio[@]}" -eq 0 ]; then
	log "ready: n8n line(s) ${LINES[*]} in $CACHE${SYSTEM_NEEDS:+, system packages present}"
	exit 0
fi
if [ "$CHECK" = 1 ]; then
	[ "${#missing_pkgs[@]}" -eq 0 ] || log "missing system packages: ${missing_pkgs[*]}"
	[ "${#missing_lines[@]}" -eq 0 ] || log "missing n8n line(s): ${missing_lines[*]} (cache $CACHE)"
	[ "${#missing_verdaccio[@]}" -eq 0 ] || log "missing verdaccio (cache $CACHE)"
	exit 1
fi

start=$SECONDS
export DEBIAN_FRONTEND=noninteractive
can_apt() { command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; }
apt_updated=0

# Missing system packages that cannot be installed here stop everything at once, before any
# download: the message names the exact command to run.
hint="apt-get update && apt-get install -y ${missing_pkgs[*]}"
sudo_hint="sudo apt-get update && sudo apt-get install -y ${missing_pkgs[*]}"
if [ "${#missing_pkgs[@]}" -gt 0 ] && ! can_apt; then
	if command -v apt-get >/dev/null 2>&1; then
		fail "missing system package(s) ${missing_pkgs[*]}: run  $sudo_hint  then rerun"
	fi
	fail "missing system package(s) ${missing_pkgs[*]} and no apt-get here: install them with your package manager (on Debian/Ubuntu: $sudo_hint), then rerun"
fi

# SQLite's headers (Debian: libsqlite3-dev) are not needed but make the n8n install minutes
# faster: scripts/install-n8n.sh then links sqlite3 against the system's SQLite instead of
# compiling the one it bundles. Installed first, on its own, because that build starts at once.
if [ "${#missing_lines[@]}" -gt 0 ] && ! have /usr/include/sqlite3.h; then
	if can_apt; then
		log "installing libsqlite3-dev with apt-get (sqlite3 for n8n then builds in seconds)"
		if apt-get update -qq && apt-get install -y -qq --no-install-recommends libsqlite3-dev >/dev/null; then
			apt_updated=1
		else
			log "apt-get install libsqlite3-dev failed: sqlite3 is built with its bundled SQLite (5-9 minutes)"
		fi
	else
		log "no SQLite headers: sqlite3 is built with its bundled SQLite (5-9 minutes; install libsqlite3-dev to make it seconds)"
	fi
fi

install_system_packages() {
	[ "${#missing_pkgs[@]}" -gt 0 ] || return 0
	log "installing system package(s) with apt-get: ${missing_pkgs[*]}"
	[ "$apt_updated" = 1 ] || apt-get update -qq || fail "apt-get update failed; run: $hint"
	apt-get install -y -qq --no-install-recommends "${missing_pkgs[@]}" >/dev/null || fail "apt-get install failed; run: $hint"
	for need in "${SYSTEM_NEEDS[@]}"; do
		have "${need%% *}" || fail "'${need%% *}' is still missing after installing ${need#* }"
	done
	log "system package(s) installed: ${missing_pkgs[*]}"
}

# apt and the n8n installs (which run their own parts side by side) go at the same time.
pids=()
names=()
install_system_packages &
pids+=($!)
names+=("system packages")
if [ "${#missing_lines[@]}" -gt 0 ]; then
	which=all
	[ "${#missing_lines[@]}" -eq 1 ] && which="${missing_lines[0]}"
	log "installing n8n line(s) ${missing_lines[*]} into $CACHE (first run: about 5 minutes and 5 GB; later runs reuse it)"
	bash scripts/install-n8n.sh "$which" &
	pids+=($!)
	names+=("n8n")
fi
failed=()
for i in "${!pids[@]}"; do
	wait "${pids[$i]}" || failed+=("${names[$i]}")
done
[ "${#failed[@]}" -eq 0 ] || fail "provisioning failed: ${failed[*]} (see above; rerun to resume)"
[ "${#missing_verdaccio[@]}" -eq 0 ] || bash scripts/install-verdaccio.sh || fail "provisioning failed: verdaccio (see above; rerun to resume)"
log "ready in $((SECONDS - start)) s"
