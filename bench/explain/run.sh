#!/bin/sh
# layout-explain benchmark: a ~100 MB console log (the conflicts of
# Tests/Fixtures/corpus/logs with fresh addresses, ~30% of the bytes, among
# ordinary app log lines, as varied as a real console: see generate.py), then
# in one run:
#   1. layout-explain --summary (release build): a full parse and exact summary;
#   2. the pipeline a power user would write today, counting broken constraints;
#   3. wc -l, which only reads every byte.
# Each is run $RUNS times (default 5), taking turns, and the fastest wall time
# is kept, so a busy shared machine disturbs the comparison less. Ours reads
# a file this big in pieces, one per core (LAYOUT_EXPLAIN_THREADS=1 reads it
# whole); the pipeline's six programs run at once too. The last line is
# ratio=ours/pipeline (goal <= 1.0); ours/wc is printed too (stretch goal <= 5).
set -eu
cd "$(dirname "$0")/../.."
RUNS=${RUNS:-5}
MEGABYTES=${MEGABYTES:-100}
# PLAIN=1: the corpus repeated as it is, from one app (the console before issue 19); by
# default the console is as varied as real ones (see generate.py).
FILE=${BENCH_FILE:-/tmp/layout-explain-bench-$MEGABYTES${PLAIN:+-plain}-v3.log}
SCRATCH=${SCRATCH:-.build-explain}

swift build -c release --scratch-path "$SCRATCH" --product layout-explain >/dev/null
BIN="$SCRATCH/release/layout-explain"
[ -s "$FILE" ] || python3 bench/explain/generate.py ${PLAIN:+--plain} --megabytes "$MEGABYTES" "$FILE"
echo "input: $FILE ($(wc -c < "$FILE") bytes)"

# run_once NAME COMMAND: runs COMMAND once and keeps its time when it is the
# best so far. The three commands take turns, $RUNS rounds, rather than each
# running $RUNS times in a row: a shared machine's speed drifts over seconds,
# and taking turns gives each command the same spread of it.
run_once() {
    name=$1; shift
    start=$(date +%s.%N)
    sh -c "$*" > "/tmp/layout-explain-bench-$name.out"
    end=$(date +%s.%N)
    t=$(echo "$end - $start" | bc -l)
    best=$(eval "echo \${time_$name:-}")
    if [ -z "$best" ] || [ "$(echo "$t < $best" | bc -l)" = 1 ]; then eval "time_$name=$t"; fi
}

i=0
while [ "$i" -lt "$RUNS" ]; do
    run_once ours "'$BIN' --summary '$FILE'"
    run_once pipeline "grep -A1 'Will attempt to recover by breaking' '$FILE' | grep -o '<[A-Za-z_.]*Constraint.*' | sed 's/0x[0-9a-f]*//g' | sort | uniq -c | sort -rn"
    run_once wc "wc -l '$FILE'"
    i=$((i + 1))
done
for name in ours pipeline wc; do printf '%s: %.3f s\n' "$name" "$(eval "echo \$time_$name")"; done

echo "--- layout-explain --summary (first 3 and last lines)"
head -3 /tmp/layout-explain-bench-ours.out | cut -c1-160
tail -1 /tmp/layout-explain-bench-ours.out
echo "--- pipeline (first 3 lines)"
head -3 /tmp/layout-explain-bench-pipeline.out | cut -c1-160
echo "--- wc -l"
cat /tmp/layout-explain-bench-wc.out

printf 'ours/wc=%.2f\n' "$(echo "$time_ours / $time_wc" | bc -l)"
printf 'ratio=%.2f\n' "$(echo "$time_ours / $time_pipeline" | bc -l)"
