#!/usr/bin/env bash
# `validate --fix` killed at random moments (SIGKILL, 300 rounds by default) while it fixes a large
# template: the template is always either the whole old text or the whole fixed text, never a
# mixture or a part, and the next run leaves nothing behind (no `.qk-*.tmp` beside the template).
# Each round starts again from the old text, so that every round has a file to replace.
#
# Usage: Scripts/check-fix-kill-loop.sh [ROUNDS [COPIES]]    (300 rounds of 80 copies of
# Tests/Templates/fixable/early-format.json, 320 questions: about 40 s on a busy core, debug build)
set -euo pipefail
cd "$(dirname "$0")/.."
# QUESTIONKIT_TOOL runs the loop against another build (e.g. the one before a fix).
if [[ -z "${QUESTIONKIT_TOOL:-}" ]]; then swift build --product questionkit >/dev/null; fi
questionkit="${QUESTIONKIT_TOOL:-$(swift build --show-bin-path)/questionkit}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

python3 - "$questionkit" "$work" "${1:-300}" "${2:-80}" <<'PYTHON'
import json, os, random, signal, subprocess, sys, time

tool, work, rounds, copies = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
with open("Tests/Templates/fixable/early-format.json", encoding="utf-8") as file:
    early = json.load(file)
# A large early-format template: the fixable questions again and again, each with its own qid.
questions = []
for copy in range(copies):
    for question in early["Questions"]:
        question = dict(question, qid=str(len(questions) + 1))
        questions.append(question)
early["Questions"] = questions
old = (json.dumps(early, indent=2, ensure_ascii=False) + "\n").encode()
template = os.path.join(work, "large.json")

def reset():
    with open(template, "wb") as file:
        file.write(old)

def run():
    return subprocess.Popen([tool, "validate", "--fix", template], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)

def leftovers():
    return sorted(name for name in os.listdir(work) if name.startswith(".qk-"))

reset()
started = time.monotonic()
run().wait()
duration = time.monotonic() - started
with open(template, "rb") as file:
    fixed = file.read()
if fixed == old:
    sys.exit("FAIL: --fix changed nothing in the large template; the loop would prove nothing")
print(f"template: {len(old)} bytes, {len(questions)} questions; one whole fix takes {duration * 1000:.0f} ms")

killed = torn = whole_old = whole_new = left_seen = left_behind = 0
for round in range(rounds):
    reset()
    process = run()
    time.sleep(random.uniform(0, duration * 1.1))
    if process.poll() is None:
        process.send_signal(signal.SIGKILL)
        killed += 1
    process.wait()
    with open(template, "rb") as file:
        content = file.read()
    if content == old:
        whole_old += 1
    elif content == fixed:
        whole_new += 1
    else:
        torn += 1
        print(f"round {round}: TORN template ({len(content)} bytes)", file=sys.stderr)
    left_seen += len(leftovers())
    # The next run (not killed) must clear whatever the killed one left.
    if leftovers():
        run().wait()
        if leftovers():
            print(f"round {round}: left behind after the next run: {leftovers()}", file=sys.stderr)
            left_behind += 1

print(f"{rounds} rounds, {killed} killed while running: the template whole old {whole_old} times, whole new "
      f"{whole_new} times, torn {torn} times; {left_seen} temporary files left by killed runs, "
      f"{left_behind} times not cleared by the next run")
if torn or left_behind:
    sys.exit("FAIL: a torn template, or a leftover that survived the next run")
if killed < rounds // 4:
    sys.exit(f"FAIL: only {killed} of {rounds} runs were killed before they ended; the loop proves nothing")
print("ok   validate --fix survives SIGKILL at any moment")
PYTHON
