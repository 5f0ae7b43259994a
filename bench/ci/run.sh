#!/bin/sh
# layout-explain --ci benchmark: a ~100 MB `xcodebuild test` log with about 10,000 conflicts
# among thousands of test cases (generate.py: as varied as a real run), against a baseline
# written from another run of the same app (most conflicts known, some new), with the JUnit file
# and the Markdown summary written too; beside it, in the same run, `grep -c` counting the
# conflicts' headers in the same file. Ours reads the file (through mapped windows, in pieces on
# each idle core) and, again, standard input as CI pipes it (cut into
# pieces as it arrives, read on the same idle cores); both must print the same.
# Each runs $RUNS times (default 5), taking turns; the medians are compared. The last line is
# ratio=ours/grep for the file (goal < 5: through in less time than grep -c takes times five),
# after stdin_ratio=. Our peak resident memory is printed too: it must not grow with the log
# (compare MEGABYTES=10).
set -eu
cd "$(dirname "$0")/../.."
RUNS=${RUNS:-5}
MEGABYTES=${MEGABYTES:-100}
CONFLICTS=${CONFLICTS:-$((MEGABYTES * 100))}
FILE=${BENCH_FILE:-/tmp/layout-ci-bench-$MEGABYTES-v1.log}
OTHER=/tmp/layout-ci-bench-$MEGABYTES-v1-other.log
SCRATCH=${SCRATCH:-.build}

swift build -c release --scratch-path "$SCRATCH" --product layout-explain >/dev/null
BIN="$SCRATCH/release/layout-explain"
[ -s "$FILE" ] || python3 bench/ci/generate.py --megabytes "$MEGABYTES" --conflicts "$CONFLICTS" "$FILE"
[ -s "$OTHER" ] || python3 bench/ci/generate.py --megabytes "$MEGABYTES" --conflicts "$CONFLICTS" --seed 48 "$OTHER"
BASELINE=/tmp/layout-ci-bench-$MEGABYTES-baseline.json
"$BIN" --ci --write-baseline "$BASELINE" "$OTHER" >/dev/null
echo "input: $FILE ($(wc -c < "$FILE") bytes), baseline from $OTHER"
exec python3 bench/ci/bench_ci.py "$BIN" "$FILE" "$BASELINE" "$RUNS"
