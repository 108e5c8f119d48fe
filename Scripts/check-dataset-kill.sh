#!/usr/bin/env bash
# `questionkit dataset` killed at random moments (SIGKILL, 10 rounds by default) while it exports
# generated completed forms incrementally: after each kill, DIR/current is the whole dataset of before
# the run or the whole dataset of after it, never a mix or a part; the next run (not killed) then
# gives the same rows as a fresh export of the forms as they are. Each round adds, changes and
# deletes some forms first, so that every round has something to write and something to remove.
#
# Usage: Scripts/check-dataset-kill.sh [ROUNDS [FORMS]]    (10 rounds over 300 forms: under a minute, most of it
# the disk flushing each export; 40 rounds found nothing more)
set -euo pipefail
cd "$(dirname "$0")/.."
# QUESTIONKIT_BIN: a folder holding questionkit and Benchmarks already built (another build, or while one runs).
if [[ -z "${QUESTIONKIT_BIN:-}" ]]; then
    swift build -c release --product questionkit >/dev/null
    swift build -c release --product Benchmarks >/dev/null
fi
bin="${QUESTIONKIT_BIN:-$(swift build -c release --show-bin-path)}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

python3 - "$bin" "$work" "${1:-10}" "${2:-300}" <<'PYTHON'
import os, random, shutil, signal, subprocess, sys, time

bin, work, rounds, count = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
tool, forms, dataset = os.path.join(bin, "questionkit"), os.path.join(work, "forms"), os.path.join(work, "dataset")
random.seed(22)
subprocess.run([os.path.join(bin, "Benchmarks"), "completed-forms", str(count), forms], check=True)
# Spare forms to add, generated once with indices past the fleet's.
spares = os.path.join(work, "spares")
subprocess.run([os.path.join(bin, "Benchmarks"), "completed-forms", str(count + rounds * 4), spares], check=True)
spare_paths = sorted(os.path.join(root, name) for root, _, names in os.walk(spares) for name in names)[count:]

def contents(folder):
    """Every line of every part file of folder/current, with its table, sorted; None without a dataset."""
    current = os.path.join(folder, "current")
    if not os.path.islink(current):
        return None
    lines = []
    for table in ("answers", "forms", "warnings"):
        for root, _, names in os.walk(os.path.join(current, table)):
            for name in names:
                with open(os.path.join(root, name), encoding="utf-8") as file:
                    lines += [table + " " + line for line in file.read().splitlines()]
    return sorted(lines)

def export(folder):
    subprocess.run([tool, "dataset", forms, "-o", folder, "--format", "ndjson"], check=True, stdout=subprocess.DEVNULL)

def change_forms(round):
    paths = sorted(os.path.join(root, name) for root, _, names in os.walk(forms) for name in names)
    for path in random.sample(paths, 2):
        os.remove(path)
    path = random.choice([p for p in paths if os.path.exists(p)])
    with open(path, encoding="utf-8") as file:
        text = file.read()
    with open(path, "w", encoding="utf-8") as file:
        file.write(text.replace('"Checked."', f'"Checked in round {round}."'))
    for spare in spare_paths[round * 3:round * 3 + 3]:
        shutil.copy(spare, os.path.join(forms, f"added-{round}-{os.path.basename(spare)}"))

export(dataset)
old = contents(dataset)
started = time.monotonic()
export(os.path.join(work, "timing"))
duration = time.monotonic() - started
print(f"{count} forms, {len(old)} rows; a fresh export takes {duration * 1000:.0f} ms")

killed = mixed = whole_old = whole_new = mismatched = 0
for round in range(rounds):
    change_forms(round)
    fresh = os.path.join(work, "fresh")
    shutil.rmtree(fresh, ignore_errors=True)
    export(fresh)
    new = contents(fresh)
    process = subprocess.Popen([tool, "dataset", forms, "-o", dataset, "--format", "ndjson"], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    time.sleep(random.uniform(0, duration * 1.2))
    if process.poll() is None:
        process.send_signal(signal.SIGKILL)
        killed += 1
    process.wait()
    seen = contents(dataset)
    if seen == old:
        whole_old += 1
    elif seen == new:
        whole_new += 1
    else:
        mixed += 1
        print(f"round {round}: a MIX: {len(seen or [])} rows, neither the old {len(old)} nor the new {len(new)}",
              file=sys.stderr)
    export(dataset)
    if contents(dataset) != new:
        mismatched += 1
        print(f"round {round}: the incremental export differs from a fresh one", file=sys.stderr)
    kept = ("current", os.readlink(os.path.join(dataset, "current")))
    leftovers = sorted(name for name in os.listdir(dataset) if name not in kept)
    if leftovers:
        print(f"round {round}: left behind: {leftovers}", file=sys.stderr)
        mismatched += 1
    old = new

print(f"{rounds} rounds, {killed} killed while running: the dataset whole old {whole_old} times, whole new "
      f"{whole_new} times, mixed {mixed} times; incremental != fresh {mismatched} times")
sys.exit(1 if mixed or mismatched else 0)
PYTHON
