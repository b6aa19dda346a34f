#!/usr/bin/env bash
# Build Aaron Siegel's MisereSolver from a CGSuite checkout, for nimlab's comparisons
# (crates/nimlab-misere/NOTES.md, "MisereSolver").
#
#   build-misere-solver.sh CGSUITE_CHECKOUT [OUT_DIR]
#
# CGSUITE_CHECKOUT is a clone of https://github.com/aaron-siegel/cgsuite, or its bare
# git directory (then the files are read from HEAD). Only the solver's plain-Java
# classes are taken (org.cgsuite.core.misere.solver, and PeriodicityChecker); the rest
# of CGSuite is Scala, so the three things they need from it are replaced by the small
# classes in tools/miseresolver (nimlab's own): the octal rules (HeapRuleset), the
# Periodicity record, and the driver that runs the solver heap by heap. MisereSolver's
# heapOptions method and its constructor from a saved .msv file are the only code
# changed (they name Scala classes). Nothing of CGSuite is kept in this repository.
#
# Needs Debian's default-jdk-headless (javac) and python3. OUT_DIR (default
# target/miseresolver) receives the classes and a launcher, OUT_DIR/miseresolver:
#
#   OUT_DIR/miseresolver [--max-heap N] [--timeout SECONDS] [--every-heap] [--log] CODE...
set -euo pipefail

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
    sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
fi
checkout=$1
here=$(cd "$(dirname "$0")" && pwd)
out=${2:-$here/../../../target/miseresolver}
command -v javac >/dev/null || {
    echo "javac not found: apt-get install default-jdk-headless" >&2
    exit 1
}

solver=lib/core/src/main/scala/org/cgsuite/core/misere/solver
impartial=lib/core/src/main/scala/org/cgsuite/core/impartial
sources=$(mktemp -d)
trap 'rm -rf "$sources"' EXIT
mkdir -p "$sources/solver" "$sources/impartial"

# A file of the checkout, from a work tree or a bare git directory.
read_file() {
    if [ -e "$checkout/$1" ]; then
        cat "$checkout/$1"
    else
        git -C "$checkout" show "HEAD:$1"
    fi
}

for class in BipartiteMonoid CommutativeMonoid DirectSumMonoid ExplicitFiniteMonoid \
    MisereSolver Pretension Relation Word; do
    read_file "$solver/$class.java" >"$sources/solver/$class.java"
done
read_file "$impartial/PeriodicityChecker.java" >"$sources/impartial/PeriodicityChecker.java"

# MisereSolver reads heap options through Scala collections and loads .msv files
# through a Scala class: its heap options come from the stand-in HeapRuleset instead,
# and the .msv constructor (unused here) goes.
python3 - "$sources/solver/MisereSolver.java" <<'PY'
import re, sys
path = sys.argv[1]
text = open(path).read()
def replace(pattern, replacement, text):
    new, count = re.subn(pattern, replacement, text, flags=re.S | re.M)
    if count != 1:
        sys.exit(f"build-misere-solver: MisereSolver.java changed upstream ({pattern!r} matched {count} times)")
    return new
text = replace(r"^import org\.cgsuite\.core\.impartial\.HeapRuleset;\nimport org\.cgsuite\.core\.impartial\.TakeAndBreak;\nimport scala\.collection\.immutable\.IndexedSeq;\nimport scala\.jdk\.CollectionConverters;\n", "", text)
text = replace(r"^    public List<int\[\]> heapOptions\(int heapSize\) \{\n.*?^    \}\n",
               "    public List<int[]> heapOptions(int heapSize) {\n        return rules.heapOptions(heapSize);\n    }\n", text)
text = replace(r"^    public MisereSolver\(InputStream msvInputStream\).*?^    \}\n", "", text)
open(path, "w").write(text)
PY

cp "$here"/miseresolver/*.java "$sources/"
rm -rf "$out"
mkdir -p "$out/classes"
javac -nowarn -encoding UTF-8 -d "$out/classes" $(find "$sources" -name '*.java') 2>&1 |
    grep -v '^Note: ' || true
test -f "$out/classes/org/cgsuite/core/misere/solver/Driver.class"
cat >"$out/miseresolver" <<LAUNCH
#!/bin/sh
exec java -Xss64m -Xmx8g -cp "$(cd "$out" && pwd)/classes" org.cgsuite.core.misere.solver.Driver "\$@"
LAUNCH
chmod +x "$out/miseresolver"
echo "built $out/miseresolver"
