#!/usr/bin/env bash
# Runs the editor set-ups of Docs/Editors.md, copied out of the page as written, in the editors Debian
# ships, headless: Neovim 0.7 (vim.lsp.start_client), Vim 9 with ALE and Emacs with eglot. Each opens a
# template with a misspelled key and must show its diagnostic, complete a key, hover a key, apply the
# quick fix, and stop the server cleanly. The drivers are Scripts/editors/; the editors are installed from
# Debian when missing (root, or sudo). One line per editor.
#
# Usage: Scripts/check-editors.sh [--tool PATH]   (default: builds this package's questionkit)
# Exits 0 when every editor passes, 1 when one fails, 2 when the editors cannot be installed.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

tool=""
if [[ "${1:-}" == "--tool" ]]; then
    tool=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
else
    swift build --product questionkit >/dev/null
    tool="$root/.build/debug/questionkit"
fi

missing=()
command -v nvim >/dev/null 2>&1 || missing+=(neovim)
# ALE needs a Vim with jobs (Debian's vim; vim-tiny has none).
vim --version 2>/dev/null | grep -q '+job' || missing+=(vim)
[[ -d /usr/share/vim/vimfiles/pack/dist-bundle/opt/ale ]] || missing+=(vim-ale)
command -v emacs >/dev/null 2>&1 || missing+=(emacs-nox)
command -v emacs >/dev/null 2>&1 && emacs --batch --eval "(require 'eglot)" >/dev/null 2>&1 || missing+=(elpa-eglot)
if ((${#missing[@]})); then
    source Scripts/debian-packages.sh
    debian_install check-editors.sh --no-install-recommends "${missing[@]}"
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The template: one problem, the misspelled key 'max-answer', with one quick fix.
cat >"$work/near-miss.json" <<'JSON'
{
  "Title": "T",
  "questions": [
    {
      "answer-type": "multiple-choice",
      "question": "Condition?",
      "answers": ["Good", "Bad"],
      "max-answer": 1
    }
  ]
}
JSON

# The set-up of the section headed "## $1" in Docs/Editors.md: its first fenced block.
setup() {
    awk -v heading="## $1" '
        $0 == heading { found = 1; next }
        found && /^```/ { if (inside) exit; inside = 1; next }
        inside { print }
    ' Docs/Editors.md
}

# `questionkit` on PATH, as the set-ups expect it: the tool under test, its process id written to
# $QK_PID so that the server can be seen to end with the editor.
mkdir "$work/bin"
cat >"$work/bin/questionkit" <<SH
#!/bin/sh
echo \$\$ >"\$QK_PID"
exec "$tool" "\$@"
SH
chmod +x "$work/bin/questionkit"
export PATH="$work/bin:$PATH"

failed=0
# run ID LABEL COMMAND...: the editor on its own copy of the template, its verdict in one line. The
# driver checks what the editor shows; here, that no server is left running once the editor has quit.
run() {
    local id=$1 label=$2
    shift 2
    rm -f "$work/pid"
    cp "$work/near-miss.json" "$work/$id.json"
    if QK_DOC="$work/$id.json" QK_PID="$work/pid" HOME="$work" timeout 60 "$@" </dev/null >"$work/$id.log" 2>&1 \
        && server_ended "$work/pid"; then
        echo "$label: diagnostics, completion, hover, quick fix, shutdown: pass"
    else
        echo "$label: FAIL: $(grep -v '^$' "$work/$id.log" | tail -3 | tr '\n' ' ' | cut -c1-400)"
        failed=1
    fi
}

# Whether the server whose process id is in FILE has ended (waiting up to 5 s).
server_ended() {
    [[ -f $1 ]] || { echo "the server never started" >>"$work/$id.log"; return 1; }
    local pid
    pid=$(cat "$1")
    for _ in $(seq 50); do
        kill -0 "$pid" 2>/dev/null || return 0
        sleep 0.1
    done
    echo "the server is still running after the editor quit" >>"$work/$id.log"
    kill "$pid"
    return 1
}

setup "Neovim 0.7" >"$work/init.lua"
run neovim "Neovim $(nvim --version | head -1 | cut -d' ' -f2)" \
    nvim --headless -u "$work/init.lua" -i NONE -c "luafile Scripts/editors/neovim.lua"

setup "Vim 9 with ALE" >"$work/vimrc"
run vim "Vim $(vim --version | head -1 | cut -d' ' -f5) + ALE" \
    vim -Nu "$work/vimrc" -i NONE -es -S Scripts/editors/vim-ale.vim

setup "Emacs with eglot" >"$work/init.el"
run emacs "Emacs $(emacs --version | head -1 | cut -d' ' -f3) + eglot" \
    emacs --batch -l "$work/init.el" -l Scripts/editors/eglot.el

exit $failed
