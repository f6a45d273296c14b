#!/usr/bin/env bash
# SimSS beside PVForge on the public case simsalabim-pin-perovskite, as whole processes in one
# hyperfine run, then PVForge's in-process figure; the machine and its load before and after.
#
#   bench/anchors/simss-pin.sh [SIMSS [SIMSS_INPUT]]
#
# SIMSS        a simss binary (SIMsalabim 5.36; how to build it: bench/anchors/README.md)
# SIMSS_INPUT  a folder with simulation_setup.txt and L1..L3_parameters.txt of the case's device
#              (`pvforge export --simsalabim bench/anchors/simsalabim-pin.device.json --out DIR`)
# SIMSS_NP     SimSS's grid points (default 376: the coarsest that meets the case's tolerance)
# RUNS         hyperfine runs per command (default 10), WARMUP its warm-up runs (default 2)
# SKIP_BENCH=1 skips `npm run -s bench -- electrical` (the in-process figure)
set -euo pipefail

SIMSS=${1:-${SIMSS:-}}
SIMSS_INPUT=${2:-${SIMSS_INPUT:-}}
NP=${SIMSS_NP:-376}
RUNS=${RUNS:-10}
WARMUP=${WARMUP:-2}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
CASE=$ROOT/assets/validation/cases/dd/simsalabim-pin-perovskite.json
DEVICE=$ROOT/bench/anchors/simsalabim-pin.device.json

if [[ -z $SIMSS || -z $SIMSS_INPUT ]]; then
  echo "usage: $0 SIMSS SIMSS_INPUT (or the environment variables SIMSS, SIMSS_INPUT); see bench/anchors/README.md" >&2
  exit 2
fi
SIMSS=$(realpath "$SIMSS")
[[ -x $SIMSS ]] || { echo "not an executable: $SIMSS" >&2; exit 2; }
[[ -f $SIMSS_INPUT/simulation_setup.txt ]] || { echo "no simulation_setup.txt in $SIMSS_INPUT" >&2; exit 2; }
command -v hyperfine >/dev/null || { echo "hyperfine is not installed" >&2; exit 2; }

# SimSS writes its output beside its input: run it in a copy
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cp -r "$SIMSS_INPUT"/. "$WORK/simss"

# the command line: the built bin, or npm run where there is none yet (npm run adds its own start)
if [[ -x $ROOT/node_modules/.bin/pvforge ]]; then
  PVFORGE=("$ROOT/node_modules/.bin/pvforge")
  CLI_NOTE="node_modules/.bin/pvforge"
else
  PVFORGE=(npm --prefix "$ROOT" run -s pvforge --)
  CLI_NOTE="npm run -s pvforge -- (node_modules/.bin/pvforge does not exist here; npm run adds its own start-up)"
fi
CLI=$(printf '%q ' "${PVFORGE[@]}")

machine() {
  echo "load average ($1): $(cut -d' ' -f1-3 /proc/loadavg)"
}
echo "## SimSS beside PVForge: simsalabim-pin-perovskite"
echo
echo "machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), node $(node --version), hyperfine $(hyperfine --version | cut -d' ' -f2)"
echo "PVForge commit: $(git -C "$ROOT" rev-parse --short HEAD)$(git -C "$ROOT" diff --quiet HEAD 2>/dev/null || echo ' (with uncommitted changes)')"
echo "command line: $CLI_NOTE"
machine before
echo

# one run of each, untimed: SimSS's J-V must meet the case's tolerance at this NP, and the command line
# must be built (its bin rebuilds when its sources changed: that build must not land in the timings)
(cd "$WORK/simss" && "$SIMSS" -NP "$NP" -outputRatio 0 >simss.log 2>&1) || {
  echo "SimSS failed at NP $NP:" >&2
  tail -5 "$WORK/simss/simss.log" >&2
  exit 1
}
echo "SimSS: $SIMSS ($(grep -m1 -o 'SimSS version [0-9.]*[0-9]' "$WORK/simss/simss.log" || echo 'version unknown')), input $SIMSS_INPUT"
echo "SimSS at NP $NP against the case:"
node "$ROOT/bench/anchors/simss-check.mjs" "$CASE" "$WORK/simss/JV.dat" || echo "  (timed anyway: say so beside its figure)"
"${PVFORGE[@]}" version >/dev/null 2>&1 || true
"${PVFORGE[@]}" version >/dev/null 2>"$WORK/version.err" || true
if grep -q building "$WORK/version.err"; then
  echo "the command line rebuilds at every start (see below): its figures include that build" >&2
  cat "$WORK/version.err" >&2
fi
if "${PVFORGE[@]}" run "$DEVICE" --out "$WORK/pvforge-run.json" 2>"$WORK/run.err" >/dev/null; then
  grep -E 'Jsc|ms$' "$WORK/run.err" | sed 's/^ */  pvforge run: /'
else
  echo "pvforge run failed:" >&2
  tail -5 "$WORK/run.err" >&2
fi
# a build of the command line during the timings (its sources edited meanwhile) shows as newer files in dist
DIST=$(dirname "$(realpath "$ROOT/node_modules/.bin/pvforge" 2>/dev/null || echo /nonexistent/bin)")/../dist
touch "$WORK/before-timings"
echo

# whole processes, one hyperfine run; outputRatio 0: SimSS writes no internal-variable file (5.36 writes
# one even for varFile = none)
cd "$WORK/simss"
hyperfine --style basic --runs "$RUNS" --warmup "$WARMUP" --export-markdown "$WORK/hf.md" \
  --export-json "$WORK/hf.json" \
  -n "SimSS 5.36, NP $NP, 136 points" "$(printf '%q ' "$SIMSS" -NP "$NP" -outputRatio 0)" \
  -n 'node -e 0' 'node -e 0' \
  -n 'pvforge version' "$CLI version" \
  -n 'pvforge run (the case device, 136 points)' "$CLI run $(printf '%q' "$DEVICE") --out $(printf '%q' "$WORK/out.json")" \
  >"$WORK/hf.log" 2>&1
cd "$ROOT"
if [[ -d $DIST && -n $(find "$DIST" -newer "$WORK/before-timings" -print -quit) ]]; then
  echo "WARNING: the command line was rebuilt during the timings (its sources changed): its figures include builds"
fi
echo "whole processes (hyperfine, $RUNS runs after $WARMUP warm-up):"
echo
cat "$WORK/hf.md"
# hyperfine's warnings (outliers, a slow first run), under the command they concern
grep -E '^Benchmark|Warning' "$WORK/hf.log" | grep -B1 Warning | grep -v '^--' || true
echo
node -e '
const r = JSON.parse(require("node:fs").readFileSync(process.argv[1], "utf8")).results;
console.log("| command | median [s] | user [s] | system [s] |");
console.log("|:---|---:|---:|---:|");
for (const x of r) console.log(`| ${x.command} | ${x.median.toFixed(3)} | ${x.user.toFixed(3)} | ${x.system.toFixed(3)} |`);
' "$WORK/hf.json"
echo
echo "(median: wall time; user + system: CPU time, what the process itself costs when the machine is busy)"
machine "after the whole processes"

if [[ ${SKIP_BENCH:-0} != 1 ]]; then
  echo
  echo "in-process (npm run -s bench -- electrical):"
  npm run -s bench -- electrical 2>/dev/null | grep -E '^Machine|steady J-V, SIMsalabim p-i-n, 136 points' ||
    echo "  no row 'steady J-V, SIMsalabim p-i-n, 136 points' in the electrical bench at this commit"
  machine "after the bench"
fi
