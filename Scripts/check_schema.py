#!/usr/bin/env python3
"""Checks `questionkit schema` output with an independent validator (Python's jsonschema).

Usage: check_schema.py SCHEMA [--valid FILE]... [--invalid FILE]...

- SCHEMA must itself be a valid draft 2020-12 schema;
- every example question under $defs/*/examples (each type's valid examples) must validate as a question;
- every --valid template must validate;
- every --invalid template that is JSON must fail (files that are not JSON are skipped: the schema
  cannot judge them, and `questionkit validate` reports them).
Exits 0 when all holds, 1 otherwise, listing each failure.
"""

import json
import sys

from jsonschema import Draft202012Validator


def load(path):
    with open(path, encoding="utf-8") as file:
        return json.load(file)


def location(error):
    return "/" + "/".join(str(part) for part in error.absolute_path)


def parse_arguments(arguments):
    if not arguments:
        sys.exit(__doc__)
    schema_path, groups, current = arguments[0], {"--valid": [], "--invalid": []}, None
    for argument in arguments[1:]:
        if argument in groups:
            current = argument
        elif current is None:
            sys.exit(f"unexpected argument {argument!r}; use --valid FILE or --invalid FILE")
        else:
            groups[current].append(argument)
    return schema_path, groups["--valid"], groups["--invalid"]


def check_examples(schema):
    question = {"$schema": schema["$schema"], "$defs": schema["$defs"], "$ref": "#/$defs/question"}
    validator = Draft202012Validator(question)
    failures = []
    for name, definition in schema["$defs"].items():
        for number, example in enumerate(definition.get("examples", []), start=1):
            for error in validator.iter_errors(example):
                failures.append(f"$defs/{name} example {number}: {location(error)}: {error.message}")
    return failures


def main():
    schema_path, valid, invalid = parse_arguments(sys.argv[1:])
    schema = load(schema_path)
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema)
    failures = check_examples(schema)
    for path in valid:
        errors = sorted(validator.iter_errors(load(path)), key=lambda error: list(error.absolute_path))
        for error in errors:
            failures.append(f"{path}: {location(error)}: {error.message[:300]}")
        print(f"{'FAIL' if errors else 'ok  '} valid   {path}")
    for path in invalid:
        try:
            template = load(path)
        except (ValueError, UnicodeDecodeError):
            print(f"skip invalid {path} (not JSON)")
            continue
        errors = list(validator.iter_errors(template))
        if not errors:
            failures.append(f"{path}: is invalid, but the schema accepts it")
        print(f"{'ok  ' if errors else 'FAIL'} invalid {path} ({len(errors)} schema errors)")
    for failure in failures:
        print("error: " + failure, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
