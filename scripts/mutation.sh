#!/usr/bin/env bash
# The slow mutation job (docs/mutation.md): mutmut over src/holdem/betting,
# engine and eval, against the tests named in [tool.mutmut] (pyproject.toml).
# Not part of the normal CI run. Usage, from the repository root:
#   scripts/mutation.sh            # fresh run, then the survivors
#   MUTATION_CHILDREN=1 scripts/mutation.sh
#   scripts/mutation.sh --resume   # keep mutants/ and its results
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-.venv/bin/python}
children=${MUTATION_CHILDREN:-2}
if [[ "${1:-}" == "--resume" ]]; then
    shift
else
    rm -rf mutants
fi
# Derandomized hypothesis with fewer examples (tests/conftest.py), so every
# mutant sees the same inputs; CI=1 for the tests that read it.
export HYPOTHESIS_PROFILE=mutation CI=1
start=$(date +%s)
"$PY" -m mutmut run --max-children "$children" >mutants.log 2>&1 || true
end=$(date +%s)
echo "mutmut ran $((end - start)) s; log in mutants.log"
"$PY" scripts/mutation_report.py "$@" | tee mutants/report.txt
echo "one survivor: $PY -m mutmut show NAME; equivalents: scripts/mutation_report.py --equivalent"
