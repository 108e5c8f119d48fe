"""Converts the XLSForms questionkit wrote with pyxform, in one process: each template's .xlsx (through ODK
Validate too when asked) and its .csv, which must give the same XForm. Prints one line per form that fails
or warns, then the counts; exits 1 when one fails.

Usage: check_xlsform.py [--odk-validate] FORM.xlsx...   (FORM.csv beside each)
"""
import sys

from pyxform.xls2xform import convert

validate = sys.argv[1] == "--odk-validate"
forms = sys.argv[2:] if validate else sys.argv[1:]
failed = warned = 0
for xlsx in forms:
    csv = xlsx[: -len(".xlsx")] + ".csv"
    try:
        warnings = []
        from_xlsx = convert(xlsform=xlsx, validate=validate, warnings=warnings).xform
        from_csv = convert(xlsform=csv, validate=False).xform
    except Exception as error:  # pyxform's errors and the validator's: each a failure, named
        failed += 1
        print(f"FAIL {xlsx}: {type(error).__name__}: {error}")
        continue
    if from_xlsx != from_csv:
        failed += 1
        print(f"FAIL {xlsx}: the .csv gives another XForm than the .xlsx")
    elif warnings:
        warned += 1
        print(f"warn {xlsx}: {warnings}")
print(f"{len(forms) - failed} of {len(forms)} forms converted (.xlsx{' + ODK Validate' if validate else ''}, "
      f"and .csv to the same XForm), {warned} with pyxform warnings, {failed} failed")
sys.exit(1 if failed else 0)
