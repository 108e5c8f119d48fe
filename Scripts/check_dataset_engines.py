"""Reads a `questionkit dataset --format both` export with DuckDB and with pyarrow, Parquet parts and NDJSON parts,
runs the fixed queries of Scripts/dataset-queries.sql on each of the four readings, and requires every result to be
the same; then requires each form's row and each question's first row to say what `questionkit review --format json`
says of that form. Usage: check_dataset_engines.py QUESTIONKIT DATASET_DIR RESULTS_JSON"""
import glob
import json
import os
import subprocess
import sys

import duckdb
import pyarrow as pa
import pyarrow.dataset as pads
import pyarrow.json as pajson
import pyarrow.parquet as pq

from dataset_queries import TABLES, differences, duckdb_parquet_views, load_queries, run_all

tool, folder, results_path = sys.argv[1], sys.argv[2], sys.argv[3]
current = os.path.join(folder, "current")
queries = load_queries()
problems = []

# The Parquet schema as pyarrow reads it: the typed columns the table model gives.
schemas = {}
for table in TABLES:
    parts = sorted(glob.glob(os.path.join(current, table, "*", "*", "part-*.parquet")))
    if not parts:
        sys.exit(f"no Parquet parts of '{table}' in {current}: the inputs must give every table rows")
    schemas[table] = pq.read_schema(parts[0])
    for part in parts[1:]:
        if not pq.read_schema(part).equals(schemas[table]):
            problems.append(f"{part}: its schema is not the other parts' of '{table}'")
expected_types = {
    ("answers", "question_number"): (pa.int64(), False), ("answers", "answer_number"): (pa.float64(), True),
    ("answers", "flagged"): (pa.bool_(), False), ("answers", "completed_date"): (pa.date32(), True),
    ("answers", "completed_at"): (pa.timestamp("us", tz="UTC"), True), ("forms", "questions"): (pa.int64(), False),
    ("forms", "submitted_date"): (pa.date32(), True), ("forms", "completed_as_stored"): (pa.string(), True),
    ("warnings", "line"): (pa.int64(), True), ("warnings", "code"): (pa.string(), False),
}
for (table, column), (kind, nullable) in expected_types.items():
    field = schemas[table].field(column)
    if field.type != kind or field.nullable != nullable:
        problems.append(f"{table}.{column}: {field.type}{'' if field.nullable else ' not null'} in the Parquet "
                        f"schema, {kind}{'' if nullable else ' not null'} expected")


def partition_columns(path, table):
    """title and revision of a part's path, as Hive names them (%XX unescaped; the default partition NULL)."""
    title, revision = os.path.relpath(path, os.path.join(current, table)).split(os.sep)[:2]
    unescape = lambda text: None if text == "__HIVE_DEFAULT_PARTITION__" else bytes(
        int(text[i + 1:i + 3], 16) if text[i] == "%" else ord(text[i]) for i in _positions(text)).decode()
    return unescape(title.split("=", 1)[1]), unescape(revision.split("=", 1)[1])


def _positions(text):
    position = 0
    while position < len(text):
        yield position
        position += 3 if text[position] == "%" else 1


def pyarrow_ndjson(table):
    """Every NDJSON part of a table read by pyarrow's JSON reader with the Parquet schema, plus the partitions."""
    schema = schemas[table]
    # pyarrow's JSON reader turns text into timestamps but not into dates: read dates as text, cast after.
    read_schema = pa.schema([pa.field(f.name, pa.string() if f.type == pa.date32() else f.type) for f in schema])
    pieces = []
    for path in sorted(glob.glob(os.path.join(current, table, "*", "*", "part-*.ndjson"))):
        piece = pajson.read_json(path, parse_options=pajson.ParseOptions(explicit_schema=read_schema))
        piece = piece.cast(pa.schema([pa.field(f.name, f.type) for f in schema]))
        title, revision = partition_columns(path, table)
        piece = piece.append_column("title", pa.array([title] * piece.num_rows, pa.string()))
        piece = piece.append_column("revision", pa.array([revision] * piece.num_rows, pa.string()))
        pieces.append(piece)
    return pa.concat_tables(pieces)


def pyarrow_parquet(table):
    partitioning = pads.partitioning(pa.schema([("title", pa.string()), ("revision", pa.string())]), flavor="hive")
    parts = sorted(glob.glob(os.path.join(current, table, "*", "*", "part-*.parquet")))
    return pads.dataset(parts, format="parquet", partitioning=partitioning,
                        partition_base_dir=os.path.join(current, table)).to_table()


def duckdb_ndjson_views(connection):
    for table in TABLES:
        types = {f.name: duckdb_type(f.type) for f in schemas[table]}
        columns = "{" + ", ".join(f"'{name}': '{kind}'" for name, kind in types.items()) + "}"
        pattern = os.path.join(current, table, "**", "*.ndjson").replace("'", "''")
        connection.execute(
            f"CREATE OR REPLACE VIEW {table} AS SELECT * FROM read_json('{pattern}', format = 'newline_delimited', "
            f"columns = {columns}, hive_partitioning = true, hive_types_autocast = false)")


def duckdb_type(kind):
    return {pa.string(): "VARCHAR", pa.int64(): "BIGINT", pa.float64(): "DOUBLE", pa.bool_(): "BOOLEAN",
            pa.date32(): "DATE"}.get(kind, "TIMESTAMPTZ")


def arrow_views(connection, read):
    for table in TABLES:
        connection.register(table, read(table))


def execute_on(connection):
    return lambda sql: connection.execute(sql).fetchall()


readings = {}
for label, make in [
    ("duckdb-parquet", lambda c: duckdb_parquet_views(c, current)),
    ("duckdb-ndjson", duckdb_ndjson_views),
    ("pyarrow-parquet", lambda c: arrow_views(c, pyarrow_parquet)),
    ("pyarrow-ndjson", lambda c: arrow_views(c, pyarrow_ndjson)),
]:
    connection = duckdb.connect()
    connection.execute("SET TimeZone = 'UTC'")
    make(connection)
    readings[label] = run_all(execute_on(connection), queries)
reference = readings["duckdb-parquet"]
for label, results in readings.items():
    problems += differences(reference, results, label)

# Sums that must agree within one reading: the forms' counts and the answers' rows.
for row in reference["flagged_counts"]:
    if row[2] != row[4]:
        problems.append(f"flagged_counts: {row[0]} {row[1]}: forms say {row[2]} flagged questions, answers {row[4]}")
for row in reference["not_asked_counts"]:
    if row[2] != row[3]:
        problems.append(f"not_asked_counts: {row[0]} {row[1]}: forms say {row[2]} not asked, answers {row[3]}")

# Each form as `review --format json` sees it.
questions_of = {}
for path, number, text, flagged, codes, answered, asked, comment, media in reference["per_question"]:
    questions_of.setdefault(path, {})[int(number)] = (text, flagged, codes, answered, comment, media)
reviewed = 0
for (path, title, revision, technician, foreman, completed, questions, answered, not_asked, flagged, flags, comments,
     media) in reference["per_form"]:
    outcome = subprocess.run([tool, "review", "--format", "json", path], capture_output=True, text=True)
    try:
        review = json.loads(outcome.stdout)
    except ValueError:
        problems.append(f"{path}: review --format json gave no JSON (exit {outcome.returncode}): {outcome.stderr}")
        continue
    header, rows = review["header"], review["rows"]
    said = (header.get("title"), header.get("revision"), header.get("technician"), header.get("foreman"),
            header.get("completedDate"), len(rows), sum(r["isAnswered"] for r in rows),
            len(review["flaggedQuestions"]), sum(len(r["flags"]) for r in rows),
            sum(1 for r in rows if r["comment"].strip()), sum(len(r["media"]) for r in rows))
    ours = (title, revision, technician, foreman, completed, questions, answered, flagged, flags, comments, media)
    if tuple(map(str, said)) != tuple(map(lambda v: str(int(v)) if isinstance(v, float) else str(v), ours)):
        problems.append(f"{path}: the forms row says {ours}, the review {said}")
    for row in rows:
        codes = " ".join(flag["code"] for flag in row["flags"]) or None
        review_row = (row["question"], bool(row["flags"]), codes, row["isAnswered"], row["comment"] or None,
                      float(len(row["media"])))
        if questions_of.get(path, {}).get(row["number"]) != review_row:
            problems.append(f"{path} question {row['number']}: answers say "
                            f"{questions_of.get(path, {}).get(row['number'])}, the review {review_row}")
    reviewed += 1

with open(results_path, "w", encoding="utf-8") as file:
    json.dump(reference, file, indent=1)
for problem in problems[:40]:
    print(problem, file=sys.stderr)
total = {name: len(rows) for name, rows in reference.items()}
print(f"{len(readings)} readings (DuckDB and pyarrow, Parquet and NDJSON) x {len(queries)} queries: "
      + ", ".join(f"{name} {count} rows" for name, count in total.items()))
print(f"{reviewed} forms and their questions compared with review --format json")
print("every reading and every review agree" if not problems else f"{len(problems)} differences (above)")
sys.exit(1 if problems else 0)
