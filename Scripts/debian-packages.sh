# Sourced by the scripts that need programs from Debian's packages (the PDF tools, valgrind, the
# editors): installs the packages named with apt-get, as root or through sudo, quietly (apt-get's output is
# shown only when it fails). Exits 2, naming them, where apt-get is missing or fails.
#
# Usage: debian_install SCRIPT [APT-GET OPTION...] PACKAGE...
debian_install() {
    local script=$1
    shift
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "$script: $* missing, and this is not a Debian system; install them by hand" >&2
        exit 2
    fi
    local sudo=()
    [[ $(id -u) -eq 0 ]] || sudo=(sudo)
    local log
    log=$(mktemp)
    if ! { "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq \
        && "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@"; } >"$log" 2>&1; then
        cat "$log" >&2
        rm -f "$log"
        echo "$script: could not install $*" >&2
        exit 2
    fi
    rm -f "$log"
}
