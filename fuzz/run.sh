#!/bin/sh
# Builds the libFuzzer target for the console-log parser (and the explainer
# on what it parses) and runs it for a bounded time, seeded from the corpus.
# Exits nonzero on a crash, a failed invariant, a leak or a hang (a single
# input running over -timeout seconds).
#
#   fuzz/run.sh [SECONDS]        (default 60)
set -eu
cd "$(dirname "$0")/.."
SECONDS_TO_RUN=${1:-60}
WORK=${FUZZ_WORK:-/tmp/layout-explain-fuzz}
mkdir -p "$WORK/corpus" "$WORK/build"
# Seeds: the real logs, traces and invalid input. Without the logs the fuzzer would
# start from its few grammar seeds alone and still report success.
CORPUS=Tests/Fixtures/corpus
ls "$CORPUS"/logs/*.txt >/dev/null 2>&1 || { echo "error: no corpus logs in $CORPUS/logs" >&2; exit 2; }

# The explanation's Why: text, which the fuzzer writes for each conflict, and the text pieces it
# stands on (a frame, a bracketed name); the rest of Rendering needs the live layers, which the
# fuzzer leaves out. Explain itself compiles without Rendering.
RENDERING_FOR_WHY="ConflictExplanation+Text TextWriter ReportNumber FrameText ObjectReference+Rendering JSONText JSONText+Encoder"

# The layers a pasted log goes through, each with its subfolders (Parsing/ has four).
SNAPSHOT_LAYERS="Snapshots Shared Layout Parsing Triage Explain"

# The solver is compiled as its own module, as in the package.
swiftc -O -sanitize=fuzzer,address -parse-as-library -emit-module -emit-library -static \
    -module-name Cassowary -emit-module-path "$WORK/build/Cassowary.swiftmodule" \
    -o "$WORK/build/libCassowary.a" $(find ReferenceKit/Sources/Cassowary -name '*.swift')
swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name ParserFuzz \
    -I "$WORK/build" -L "$WORK/build" -lCassowary -lm \
    fuzz/ParserFuzz.swift \
    $(find $(printf 'Sources/LayoutDebugSupport/%s ' $SNAPSHOT_LAYERS) -name '*.swift') \
    $(printf 'Sources/LayoutDebugSupport/Rendering/%s.swift ' $RENDERING_FOR_WHY) \
    -o "$WORK/build/parser-fuzz"

for file in "$CORPUS"/logs/*.txt "$CORPUS"/invalid/*.txt "$CORPUS"/traces/*.txt fuzz/seeds/*.txt; do
    [ -f "$file" ] && cp "$file" "$WORK/corpus/$(basename "$(dirname "$file")")-$(basename "$file")"
done

# A failing input is printed (and in base64) as well as saved: on CI the work
# folder is gone once the run ends, and the input is what reproduces the bug.
# Swift's own backtracer is off: under AddressSanitizer it reports itself.
cd "$WORK"
rm -rf artifacts && mkdir artifacts
status=0
SWIFT_BACKTRACE=enable=no ./build/parser-fuzz -max_total_time="$SECONDS_TO_RUN" -timeout=10 -rss_limit_mb=2048 \
    -max_len=8192 -print_final_stats=1 -artifact_prefix=artifacts/ corpus || status=$?
for input in artifacts/*; do
    [ -f "$input" ] || continue
    echo "--- failing input $WORK/$input ($(wc -c < "$input") bytes), as text:"
    head -c 4096 "$input" | cat -v
    echo
    echo "--- the same, base64 (base64 -d > input; $WORK/build/parser-fuzz input):"
    base64 "$input"
done
exit "$status"
