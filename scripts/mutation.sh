#!/usr/bin/env bash
# The slow mutation job (docs/mutation.md): mutmut over src/holdem/betting,
# engine and eval, against the tests named in [tool.mutmut] (pyproject.toml).
# Not part of the normal CI run. Usage, from the repository root:
#   scripts/mutation.sh            # fresh run, then the survivors
#   MUTATION_CHILDREN=1 scripts/mutation.sh
#   scripts/mutation.sh --resume   # keep mutants/ and its results
#   scripts/mutation.sh --confirm TESTS NAME...
#       run TESTS (pytest paths, quoted as one word) against each named
#       mutant of the last run, with the tests as they are now: how a test
#       written for a survivor is shown to kill it. The mutants it kills are
#       added to mutants/confirmed.txt, which mutation_report.py counts as
#       killed by a new test.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-.venv/bin/python}
children=${MUTATION_CHILDREN:-2}
if [[ "${1:-}" == "--confirm" ]]; then
    tests=$2
    shift 2
    root=$(pwd)
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    # mutmut's mutated sources (each function behind its trampoline), with
    # the current tests and configuration
    ln -s "$root/mutants/src" "$work/src"
    cp -r tests "$work/tests"
    cp pyproject.toml "$work/"
    export HYPOTHESIS_PROFILE=mutation CI=1 PYTHONPATH="$work/src"
    # the tests must pass on the code as it is, or every mutant looks killed
    # shellcheck disable=SC2086
    if ! (cd "$work" && MUTANT_UNDER_TEST=none "$root/$PY" -m pytest -q -x \
        -p no:cacheprovider $tests >/dev/null 2>&1); then
        echo "the tests fail without a mutant: fix them first" >&2
        exit 2
    fi
    status=0
    for name in "$@"; do
        # shellcheck disable=SC2086
        if (cd "$work" && MUTANT_UNDER_TEST=$name "$root/$PY" -m pytest -q -x \
            -p no:cacheprovider $tests >/dev/null 2>&1); then
            echo "survived $name"
            status=1
        else
            echo "killed $name"
            echo "$name" >>mutants/confirmed.txt
        fi
    done
    exit $status
fi
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
