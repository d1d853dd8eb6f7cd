#!/bin/bash
# The batch scripts and docs/cluster.md agree: every script the doc names exists and every script is named,
# every SWEEP_* setting the doc names is one of the scripts', the #SBATCH options its section on them quotes
# are theirs; each script opens with what it holds and how to submit it, parses (bash -n), and shares one
# block of signal handling with the others; shellcheck finds nothing (when it is installed).
. "$(dirname "$0")/lib.sh"
doc=$scripts/../../docs/cluster.md
[ -f "$doc" ] || fail "no docs/cluster.md"

for f in "$scripts"/*; do
  name=${f##*/}
  grep -q "scripts/slurm/$name\|\`$name\`" "$doc" || fail "docs/cluster.md does not name $name"
  [ "$(head -1 "$f")" = "#!/bin/bash" ] || fail "$name does not open with #!/bin/bash"
  sed -n 2p "$f" | grep -q "^# " || fail "$name: no comment saying what it holds"
  sed -n 2,3p "$f" | grep -qiE "submit|usage" || fail "$name: its opening comment does not say how to submit"
  bash -n "$f" || fail "$name does not parse"
done
for path in $(grep -oE 'scripts/slurm/[A-Za-z0-9_.-]+' "$doc" | sort -u); do
  [ -f "$scripts/${path#scripts/slurm/}" ] || fail "docs/cluster.md names $path, which does not exist"
done
for setting in $(grep -oE '\bSWEEP_[A-Z_]+' "$doc" | sort -u); do
  grep -qE "^$setting=|$setting:-|-n \"\\\$\{$setting:-\}\"" "$scripts"/* ||
    fail "docs/cluster.md names $setting, which no script reads"
done
section=$(sed -n '/^## SLURM batch scripts/,/^## [^S]/p' "$doc")
[ -n "$section" ] || fail "docs/cluster.md has no section 'SLURM batch scripts'"
for option in $(grep -oE '`--(signal|mem|open-mode)=[^`]*`' <<<"$section" | tr -d '`' | sort -u); do
  grep -qE "^#SBATCH $option( |$)" "$scripts"/*.sbatch ||
    fail "docs/cluster.md quotes $option, which no #SBATCH line has"
done
for f in array long mpi; do
  grep -q '^SWEEP_MAX_RESTARTS=${SWEEP_MAX_RESTARTS:-20} ' "$scripts/$f.sbatch" ||
    fail "$f.sbatch: SWEEP_MAX_RESTARTS's default is not the 20 docs/cluster.md says"
done

# The step and its signals: one block, the same in the three batch scripts.
shared() { sed -n '/^# ---- the step and its signals/,/^# ---- end of the shared part/p' "$scripts/$1"; }
[ -n "$(shared array.sbatch)" ] || fail "array.sbatch has no shared block"
for f in long.sbatch mpi.sbatch; do
  diff <(shared array.sbatch) <(shared "$f") >/dev/null || fail "$f's shared block is not array.sbatch's"
done

if command -v shellcheck >/dev/null; then
  shellcheck -S warning "$scripts"/* "$slurm_tests"/bin/* || fail "shellcheck: scripts/slurm, tests/slurm/bin"
  shellcheck -S warning -x -P "$slurm_tests" "$slurm_tests"/*.sh || fail "shellcheck: tests/slurm"
else
  echo "(no shellcheck: not run)"
fi
pass "scripts/slurm and docs/cluster.md agree"
