#!/usr/bin/env bash
# Installs questionkit for one user (or system-wide with --prefix /usr/local): builds it in release
# mode, copies it to PREFIX/bin, and writes its shell completions and manual page, which the installed
# tool itself prints (`questionkit completions SHELL`, `questionkit man`), so they match it. Every file
# is written beside its place and renamed into it, so a running questionkit or a shell reading a
# completion never sees half a file. Says what to add to PATH or MANPATH when they miss the prefix.
set -euo pipefail

usage() {
    cat <<'EOF'
usage: Scripts/install.sh [--prefix DIR] [--binary FILE]

Builds questionkit (swift build -c release) and installs, under PREFIX (default ~/.local):
  bin/questionkit
  share/bash-completion/completions/questionkit
  share/zsh/site-functions/_questionkit
  share/fish/vendor_completions.d/questionkit.fish
  share/man/man1/questionkit.1

  --prefix DIR   Where to install (created if missing).
  --binary FILE  Install this built questionkit instead of building one.
  -h, --help     Show this help.
EOF
}

fail_usage() {
    echo "install.sh: $1" >&2
    usage >&2
    exit 64
}

prefix="$HOME/.local"
binary=""
while [[ $# -gt 0 ]]; do
    case $1 in
    --prefix | --binary)
        [[ $# -ge 2 && -n $2 ]] || fail_usage "option '$1' needs a value"
        [[ $1 == --prefix ]] && prefix=$2 || binary=$2
        shift 2
        ;;
    --prefix=?*) prefix=${1#--prefix=} && shift ;;
    --binary=?*) binary=${1#--binary=} && shift ;;
    -h | --help) usage && exit 0 ;;
    *) fail_usage "unknown argument '$1'" ;;
    esac
done

cd "$(dirname "$0")/.."
if [[ -z $binary ]]; then
    swift build -c release --product questionkit
    binary="$(swift build -c release --show-bin-path)/questionkit"
fi
[[ -x $binary ]] || { echo "install.sh: '$binary' is not an executable" >&2 && exit 1; }
mkdir -p "$prefix"
prefix=$(cd "$prefix" && pwd)

# put SOURCE TARGET MODE: copies SOURCE to TARGET through a temporary file in TARGET's folder.
put() {
    local folder
    folder=$(dirname "$2")
    mkdir -p "$folder"
    local temporary
    temporary=$(mktemp "$folder/.install.XXXXXX")
    cp "$1" "$temporary"
    chmod "$3" "$temporary"
    mv -f "$temporary" "$2"
}

put "$binary" "$prefix/bin/questionkit" 755
installed="$prefix/bin/questionkit"
generated=$(mktemp -d "${TMPDIR:-/tmp}/questionkit-install.XXXXXX")
trap 'rm -rf "$generated"' EXIT
for shell in bash zsh fish; do
    "$installed" completions "$shell" >"$generated/$shell"
done
"$installed" man >"$generated/man"
put "$generated/bash" "$prefix/share/bash-completion/completions/questionkit" 644
put "$generated/zsh" "$prefix/share/zsh/site-functions/_questionkit" 644
put "$generated/fish" "$prefix/share/fish/vendor_completions.d/questionkit.fish" 644
put "$generated/man" "$prefix/share/man/man1/questionkit.1" 644

echo "installed questionkit $("$installed" --version) in $prefix/bin, with its completions and manual page"
case ":$PATH:" in
*":$prefix/bin:"*) ;;
*) echo "add it to PATH (e.g. in ~/.profile): export PATH=\"$prefix/bin:\$PATH\"" ;;
esac
# man finds PREFIX/share/man from PREFIX/bin on PATH, unless MANPATH is set without it.
if command -v manpath >/dev/null 2>&1 &&
    ! PATH="$prefix/bin:$PATH" manpath 2>/dev/null | tr ':' '\n' | grep -qx "$prefix/share/man"; then
    echo "add it to MANPATH: export MANPATH=\"$prefix/share/man:\$MANPATH\""
fi
echo "completions: bash-completion reads $prefix/share/bash-completion and fish $prefix/share/fish when"
echo "  the prefix is ~/.local or /usr/local; zsh needs fpath=($prefix/share/zsh/site-functions \$fpath)"
echo "  before compinit in ~/.zshrc unless that folder is already in \$fpath."
