# Sourced by the check scripts that judge what questionkit writes: sets `tool` from `--tool PATH`, or
# to a freshly built questionkit when it is not given; any other argument exits 2.
#
# Usage (after `cd` to the package root): tool_option SCRIPT "$@"
tool_option() {
    local script="$1"
    shift
    tool=""
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --tool) tool="$2"; shift 2 ;;
            *) echo "$script: unknown argument '$1'" >&2; exit 2 ;;
        esac
    done
    if [[ -z "$tool" ]]; then
        swift build --product questionkit >/dev/null
        tool="$(swift build --show-bin-path)/questionkit"
    fi
}
