#!/bin/sh
# The README's two commands. Everything goes into a virtual environment of its own, .venv beside this
# file, so a system Python that refuses installs of its own (Debian's and Ubuntu's, PEP 668) is never
# touched:
#
#   sh quickstart.sh         make .venv, install canasta into it, judge a move on the bundled example
#   sh quickstart.sh test    install what the tests need into .venv and run the test suite
#
# The environment is made by uv when it is there, else by `python3 -m venv`; where that Python has no
# venv module with pip (Debian without python3-venv), by `venv --without-pip` filled by the system's
# own pip. PYTHON names another interpreter (PYTHON=python3.12 sh quickstart.sh).
set -eu
cd "$(dirname "$0")"
python=${PYTHON:-python3}
venv=.venv

make_venv() {
    [ -x "$venv/bin/python" ] && return 0
    if command -v uv >/dev/null 2>&1; then
        uv venv --quiet --seed --python "$python" "$venv" && return 0
    fi
    if "$python" -m venv "$venv" 2>/dev/null; then
        return 0
    fi
    rm -rf "$venv"
    "$python" -m venv --without-pip "$venv"
}

install() {  # pip of the environment when it has one, else the system's pip aimed at it
    if "$venv/bin/python" -m pip --version >/dev/null 2>&1; then
        "$venv/bin/python" -m pip install --quiet "$@"
    else
        "$python" -m pip --python "$venv/bin/python" install --quiet "$@"
    fi
}

make_venv
case "${1:-}" in
    "")
        install .
        echo "canasta is installed in $venv; to use it: . $venv/bin/activate   (or run $venv/bin/canasta)"
        echo '$ canasta check canasta_tutor/examples/table.yaml "take 9S 9D 2C; discard 4H"'
        exec "$venv/bin/canasta" check canasta_tutor/examples/table.yaml "take 9S 9D 2C; discard 4H"
        ;;
    test)
        install ".[test]"
        # Both cores (pytest-xdist, a test extra); a core left idle near the end takes tests from the other.
        exec "$venv/bin/python" -m pytest -n auto --dist worksteal
        ;;
    *)
        echo "usage: sh quickstart.sh [test]" >&2
        exit 2
        ;;
esac
