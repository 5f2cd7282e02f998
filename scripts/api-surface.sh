#!/usr/bin/env bash
# Regenerates docs/api-surface.md, the list of WidgetDash's public symbols, from the built module.
#
#   scripts/api-surface.sh                  build WidgetDash, then rewrite docs/api-surface.md
#   scripts/api-surface.sh --check          build, then fail (exit 1, with a diff) if the file is stale
#   scripts/api-surface.sh [--check] --modules DIR
#                                           no build: read WidgetDash.swiftmodule from DIR (the test
#                                           passes the one `swift test` just built)
#
# swift-api-digester reads the compiled module, so what it lists is exactly what a package
# depending on WidgetDash can see (underscored names included; `package` symbols excluded).
set -euo pipefail
cd "$(dirname "$0")/.."

check=false
modules=""
while [ $# -gt 0 ]; do
  case "$1" in
    --check) check=true ;;
    --modules) modules="$2"; shift ;;
    *) echo "usage: $0 [--check] [--modules DIR]" >&2; exit 64 ;;
  esac
  shift
done

swift="$(command -v swift || true)"
if [ -z "$swift" ]; then
  echo "$0: swift is not on PATH (the module is read by the swift-api-digester beside it)" >&2
  exit 69
fi
swift_bin="$(dirname "$swift")"
if [ -z "$modules" ]; then
  swift build --target WidgetDash >&2
  modules="$(swift build --show-bin-path)/Modules"
fi
triple="$("$swift_bin/swiftc" -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# WidgetDash imports the C module that finds `#Preview`s (CWidgetDashPreviews); the digester
# reads its module map from the build directory beside Modules.
"$swift_bin/swift-api-digester" -dump-sdk -module WidgetDash -I "$modules" \
  -Xcc -fmodule-map-file="$modules/../CWidgetDashPreviews.build/module.modulemap" -target "$triple" -o "$work/dump.json"
python3 scripts/api-surface.py "$work/dump.json" > "$work/api-surface.md"

if $check; then
  if ! diff -u docs/api-surface.md "$work/api-surface.md"; then
    echo "docs/api-surface.md is stale: WidgetDash's public API changed. Run scripts/api-surface.sh and review the difference." >&2
    exit 1
  fi
else
  cp "$work/api-surface.md" docs/api-surface.md
  echo "wrote docs/api-surface.md ($(grep -c . "$work/api-surface.md") lines)" >&2
fi
