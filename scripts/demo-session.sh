#!/usr/bin/env bash
# install.sh --demo: runs scripts/demo_session.py against the release demo app.
set -euo pipefail
REPO=$(cd "$(dirname "$0")/.." && pwd)
. "$REPO/scripts/lldb-env.sh"
# A Python outside lldb imports Debian's lldb module only with liblldb-16-dev.
ld_apt_install liblldb-16-dev
ld_export_lldb
DEMO="$REPO/.build/release/layout-demo"
[ -x "$DEMO" ] || { echo "error: $DEMO is missing; run ./install.sh first" >&2; exit 1; }
echo "==> a real lldb session: layout-demo cell-width-conflict"
exec python3 "$REPO/scripts/demo_session.py" "$DEMO"
