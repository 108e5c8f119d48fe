"""Validates FHIR Questionnaire JSON files with fhir.resources: files named *.r4.fhir.json with its R4B
model, *.r5.fhir.json with its R5 model; those named *.qr.r4.fhir.json and *.qr.r5.fhir.json are
QuestionnaireResponses, checked with the same releases' QuestionnaireResponse models.

Usage: python check_fhir.py CHECKS.tsv FILE...
A file written from a corpus source (its name starts with the source's, spaces as underscores) that
CHECKS.tsv says the same model rejects may inherit the source's fault (what _fhir kept is written back
verbatim): its rejection is listed as inherited. Any other rejection is a failure (exit 1).
"""
import os
import sys

from fhir.resources.R4B.questionnaire import Questionnaire as QuestionnaireR4B
from fhir.resources.questionnaire import Questionnaire as QuestionnaireR5
from fhir.resources.R4B.questionnaireresponse import QuestionnaireResponse as ResponseR4B
from fhir.resources.questionnaireresponse import QuestionnaireResponse as ResponseR5


def invalid_sources(checks_path):
    """(corpus file name with spaces as underscores and without .json, model) pairs that CHECKS.tsv rejects."""
    invalid = set()
    if os.path.exists(checks_path):
        with open(checks_path, encoding="utf-8") as handle:
            for line in handle:
                fields = line.rstrip("\n").split("\t")
                if len(fields) >= 4 and fields[2].startswith("fhir.resources ") and fields[3] != "ok":
                    name = os.path.basename(fields[0]).replace(" ", "_").removesuffix(".json")
                    invalid.add((name, fields[2].split(" ")[1]))
    return invalid


def rejection(path, model):
    with open(path, "rb") as handle:
        data = handle.read()
    try:
        model.model_validate_json(data)
    except Exception as error:  # pydantic's ValidationError
        return " | ".join(str(error).splitlines()[:4])
    return None


def main(checks_path, paths):
    invalid = invalid_sources(checks_path)
    failures = inherited = 0
    for path in paths:
        response = ".qr." in os.path.basename(path)
        if path.endswith(".r4.fhir.json"):
            model, name = (ResponseR4B if response else QuestionnaireR4B), "R4B"
        else:
            model, name = (ResponseR5 if response else QuestionnaireR5), "R5"
        problem = rejection(path, model)
        if problem is None:
            continue
        source = os.path.basename(path).split(".mi.")[0]
        if (source, name) in invalid:
            inherited += 1
            print(f"inherited: {path}: the source is rejected too; {name}: {problem}")
        else:
            failures += 1
            print(f"{path}: rejected by fhir.resources {name}: {problem}")
    print(f"{len(paths)} resources checked: {len(paths) - failures - inherited} accepted, "
          f"{inherited} rejected for their source's fault, {failures} rejected")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2:]))
