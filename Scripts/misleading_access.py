"""Declarations whose access says more than they are: `public` members of types that are not public
(they are no more visible than their type, so the word misleads a reader), and public members added
to types of modules not ours, such as the standard library's (they leak into every file that imports us;
an engine module extending a type of the SDK is fine).

    python3 Scripts/misleading_access.py SYMBOL_GRAPH_DIR MODULE

Reads MODULE.symbols.json and MODULE@*.symbols.json as `swift-symbolgraph-extract
-minimum-access-level private` writes them, prints one line per such declaration (`file:line: what`),
and exits 1 when there is any.
"""

import glob
import json
import os
import sys

VISIBLE = {"public", "open"}


def load(directory, module):
    """(symbols, relationships) of the module's own types, and the symbols it adds to other modules' types."""
    own_symbols, own_relations, foreign = [], [], []
    own_path = os.path.join(directory, module + ".symbols.json")
    for path in [own_path] + sorted(glob.glob(os.path.join(directory, module + "@*.symbols.json"))):
        if not os.path.exists(path):
            continue
        with open(path, encoding="utf-8") as file:
            graph = json.load(file)
        extended = os.path.basename(path)[len(module) + 1 : -len(".symbols.json")]
        if path == own_path:
            own_symbols += graph.get("symbols", [])
            own_relations += graph.get("relationships", [])
        elif not is_ours(extended):
            foreign += graph.get("symbols", [])
    return own_symbols, own_relations, foreign


def is_ours(module):
    """Whether `module` is one of this package's (QuestionKit, QuestionKitForms, …, QuestionTypes)."""
    return module.startswith("QuestionKit") or module == "QuestionTypes"


def place(symbol):
    location = symbol.get("location", {})
    file = location.get("uri", "").replace("file://", "")
    root = os.getcwd() + "/"
    if file.startswith(root):
        file = file[len(root):]
    return f"{file}:{location.get('position', {}).get('line', 0) + 1}"


def name(symbol):
    return ".".join(symbol["pathComponents"])


def misleading(own_symbols, relationships, foreign):
    by_id = {symbol["identifier"]["precise"]: symbol for symbol in own_symbols}
    found = []
    for relation in relationships:
        if relation["kind"] not in ("memberOf", "optionalRequirementOf", "requirementOf"):
            continue
        member, parent = by_id.get(relation["source"]), by_id.get(relation["target"])
        if member is None or parent is None:
            continue
        if member.get("accessLevel") in VISIBLE and parent.get("accessLevel") not in VISIBLE:
            found.append(
                f"{place(member)}: '{name(member)}' says public inside the {parent.get('accessLevel')} "
                f"'{name(parent)}'")
    for symbol in foreign:
        if symbol.get("accessLevel") in VISIBLE:
            found.append(f"{place(symbol)}: '{name(symbol)}' is a public member of a type not ours (it shows in every importer)")
    return sorted(set(found))


def main():
    if len(sys.argv) != 3:
        print("usage: misleading_access.py SYMBOL_GRAPH_DIR MODULE", file=sys.stderr)
        return 64
    found = misleading(*load(sys.argv[1], sys.argv[2]))
    for line in found:
        print(line)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
