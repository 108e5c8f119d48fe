"""The public declarations of a Swift module, one line each, from its symbol graph.

    python3 Scripts/public_api.py SYMBOL_GRAPH_DIR MODULE [--undocumented]

Reads MODULE.symbols.json and MODULE@*.symbols.json (members added to other modules' types) as
`swift-symbolgraph-extract -minimum-access-level public -skip-synthesized-members` writes them, and
prints, sorted, one line per declaration (`Path.To.Member: declaration`) and one per conformance
(`Type: conforms to Protocol`). With --undocumented it prints instead the declarations that have no
doc comment of their own or inherited from the requirement they implement.
"""

import glob
import json
import os
import sys


def load(directory, module):
    files = [os.path.join(directory, module + ".symbols.json")]
    files += sorted(glob.glob(os.path.join(directory, module + "@*.symbols.json")))
    symbols, relationships = [], []
    for path in files:
        if os.path.exists(path):
            with open(path, encoding="utf-8") as file:
                graph = json.load(file)
            symbols += graph.get("symbols", [])
            relationships += graph.get("relationships", [])
    return symbols, relationships


def declaration(symbol):
    text = "".join(fragment["spelling"] for fragment in symbol.get("declarationFragments", []))
    return " ".join(text.split())


def path(symbol):
    return ".".join(symbol["pathComponents"])


def lines(symbols, relationships):
    by_id = {symbol["identifier"]["precise"]: symbol for symbol in symbols}
    result = {f"{path(symbol)}: {declaration(symbol)}" for symbol in symbols}
    for relation in relationships:
        source = by_id.get(relation["source"])
        if relation["kind"] != "conformsTo" or source is None:
            continue
        target = by_id.get(relation["target"])
        name = path(target) if target else relation.get("targetFallback", relation["target"])
        result.add(f"{path(source)}: conforms to {name}")
    return sorted(result)


def undocumented(symbols):
    missing = []
    for symbol in symbols:
        lines_of_doc = symbol.get("docComment", {}).get("lines", [])
        if not any(line.get("text", "").strip() for line in lines_of_doc):
            location = symbol.get("location", {})
            file = location.get("uri", "").replace("file://", "")
            line = location.get("position", {}).get("line", 0) + 1
            missing.append(f"{file}:{line}: {path(symbol)}: {declaration(symbol)}")
    return sorted(missing)


def main(arguments):
    if len(arguments) not in (2, 3) or (len(arguments) == 3 and arguments[2] != "--undocumented"):
        print(__doc__.strip(), file=sys.stderr)
        return 64
    symbols, relationships = load(arguments[0], arguments[1])
    if not symbols:
        print(f"no symbol graph of {arguments[1]} in {arguments[0]}", file=sys.stderr)
        return 1
    output = undocumented(symbols) if len(arguments) == 3 else lines(symbols, relationships)
    for line in output:
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
