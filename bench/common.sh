# The start every lldb benchmark shares (bench/*/run.sh), sourced from the repository root
# after the script's `set -euo pipefail`: ROOT, lldb-16 and its Python module (ld_export_lldb),
# and bench_build_release, the release build the installer makes, into .build.

ROOT=$(pwd)
. scripts/lldb-env.sh
ld_export_lldb
. scripts/stale-build.sh

# Builds release into .build (rebuilding what an older toolchain left) and exports
# LAYOUT_DEBUG_BUILD_DIR for the Python half of the benchmark.
bench_build_release() {
    ld_forget_stale_build .build release >&2
    swift build -c release >&2
    ld_record_build .build release
    export LAYOUT_DEBUG_BUILD_DIR="$ROOT/.build/release"
}
