#!/usr/bin/env bash
# Fuzzing Vellum's parsers with libFuzzer (issue #29). One executable, vellum-fuzz, holds a harness
# per parser entry point (`vellum-fuzz --list`).
#
#   Scripts/fuzz.sh build                    sanitizer build (-sanitize=fuzzer,address) into .build/fuzz
#   Scripts/fuzz.sh run SECONDS [NAME…]      fuzz each harness (all by default) for SECONDS, seeded from
#                                            Fuzz/Corpus/NAME and the public vectors; new inputs go to
#                                            Fuzz/Corpus/NAME, findings (crash-*, leak-*, timeout-*, oom-*)
#                                            to Fuzz/Findings/NAME; exit 1 when anything was found
#   Scripts/fuzz.sh minimize [NAME…]         shrink Fuzz/Corpus/NAME to the inputs that add coverage
#   Scripts/fuzz.sh replay [NAME…]           every committed input through the plain (non-sanitizer)
#                                            build, as .ci/run does: seconds, not minutes
#
# A finding is fixed with a regression test holding its input; the input also joins the corpus.
set -euo pipefail
cd "$(dirname "$0")/.."

FUZZ_BIN=.build/fuzz/debug/vellum-fuzz
CORPUS=Fuzz/Corpus
FINDINGS=Fuzz/Findings
SEEDS=.build/fuzz-seeds
# Per-input limits: a parser that takes longer or more memory than this on a small input is a bug.
FLAGS=(-timeout=10 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1)


command=${1:-}
shift || true
case "$command" in
build)
    swift build --scratch-path .build/fuzz --product vellum-fuzz \
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -DVELLUM_FUZZING
    ;;
run)
    seconds=${1:?usage: Scripts/fuzz.sh run SECONDS [NAME…]}
    shift
    [ -x "$FUZZ_BIN" ] || "$0" build
    python3 Scripts/fuzz-seeds.py "$SEEDS" > /dev/null
    names=$([ "$#" -gt 0 ] && printf '%s\n' "$@" || "$FUZZ_BIN" --list | cut -f1)
    found=0
    for name in $names; do
        mkdir -p "$CORPUS/$name" "$FINDINGS/$name" "$SEEDS/$name"
        echo "== $name: ${seconds}s"
        if ! "$FUZZ_BIN" "$name" "${FLAGS[@]}" -max_total_time="$seconds" \
            -artifact_prefix="$FINDINGS/$name/" "$CORPUS/$name" "$SEEDS/$name" \
            > ".build/fuzz-$name.log" 2>&1; then
            found=1
            echo "   FINDING: see .build/fuzz-$name.log and $FINDINGS/$name"
        fi
        grep -E "^stat::number_of_executed_units|^stat::new_units_added|^stat::peak_rss_mb" ".build/fuzz-$name.log" | sed 's/^/   /' || true
    done
    exit $found
    ;;
minimize)
    [ -x "$FUZZ_BIN" ] || "$0" build
    names=$([ "$#" -gt 0 ] && printf '%s\n' "$@" || "$FUZZ_BIN" --list | cut -f1)
    for name in $names; do
        [ -d "$CORPUS/$name" ] || continue
        rm -rf "$CORPUS/$name.min" && mkdir -p "$CORPUS/$name.min"
        # The corpus is replaced only by a merge that ran and kept something.
        if "$FUZZ_BIN" "$name" "${FLAGS[@]}" -merge=1 "$CORPUS/$name.min" "$CORPUS/$name" > ".build/fuzz-$name-merge.log" 2>&1 \
            && [ -n "$(ls -A "$CORPUS/$name.min")" ]; then
            rm -rf "$CORPUS/$name" && mv "$CORPUS/$name.min" "$CORPUS/$name"
            echo "$name: $(ls "$CORPUS/$name" | wc -l) inputs"
        else
            rm -rf "$CORPUS/$name.min"
            echo "$name: the merge failed or kept nothing; the corpus is unchanged (.build/fuzz-$name-merge.log)"
        fi
    done
    ;;
replay)
    swift build --product vellum-fuzz > /dev/null
    bin=$(swift build --show-bin-path)/vellum-fuzz
    names=$([ "$#" -gt 0 ] && printf '%s\n' "$@" || "$bin" --list | cut -f1)
    for name in $names; do
        [ -d "$CORPUS/$name" ] || { echo "$name: no committed corpus"; continue; }
        "$bin" "$name" "$CORPUS/$name"
    done
    ;;
*)
    sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
    ;;
esac
