"""What the dataset checks share (Scripts/check_dataset_engines.py, Scripts/check_dataset_spark.py): the fixed
queries of Scripts/dataset-queries.sql, DuckDB views over an export, and results made comparable across engines."""
import datetime
import decimal
import math
import os
import re

TABLES = ("answers", "forms", "warnings")


def load_queries():
    """The queries of dataset-queries.sql, by name, in file order: each runs from its `-- name:` line to the next."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "dataset-queries.sql")
    with open(path, encoding="utf-8") as file:
        text = file.read()
    queries = {}
    for block in re.split(r"^-- name: ", text, flags=re.M)[1:]:
        name, _, body = block.partition("\n")
        lines = [line for line in body.splitlines() if not line.lstrip().startswith("--")]
        queries[name.strip()] = "\n".join(lines).strip()
    return queries


def value(item):
    """One cell as every engine can give it: numbers as floats of 12 significant digits (sums of doubles differ
    in the last bits by the order they are added in), dates and instants as ISO text, booleans as booleans."""
    if item is None or isinstance(item, bool):
        return item
    if isinstance(item, (int, float, decimal.Decimal)):
        number = float(item)
        return None if math.isnan(number) else float(f"{number:.12g}")
    if isinstance(item, datetime.datetime):
        if item.tzinfo is not None:
            item = item.astimezone(datetime.timezone.utc).replace(tzinfo=None)
        return item.isoformat()
    if isinstance(item, datetime.date):
        return item.isoformat()
    return str(item)


def comparable(rows):
    """Rows as sorted tuples of comparable cells (NULLs first, as no engine needs to agree on)."""
    cells = [tuple(value(item) for item in row) for row in rows]
    return sorted(cells, key=lambda row: tuple((item is not None, str(item)) for item in row))


def duckdb_parquet_views(connection, current):
    """DuckDB's own Parquet reader over DIR/current: a view per table, partition columns as text."""
    for table in TABLES:
        glob = os.path.join(current, table, "**", "*.parquet").replace("'", "''")
        connection.execute(
            f"CREATE OR REPLACE VIEW {table} AS SELECT * FROM read_parquet('{glob}', hive_partitioning = true, "
            "hive_types_autocast = false)")


def run_all(execute, queries):
    """Each query's rows, comparable, by name; `execute(sql)` returns an engine's rows as sequences."""
    return {name: comparable(execute(sql)) for name, sql in queries.items()}


def differences(expected, found, label):
    """Lines naming each query whose rows differ (with the first differing row), empty when all agree."""
    problems = []
    for name, rows in expected.items():
        other = found.get(name)
        if other == rows:
            continue
        other = other or []
        first = next((pair for pair in zip(rows, other) if pair[0] != pair[1]), None)
        problems.append(f"{label}: {name}: {len(rows)} rows expected, {len(other)} found; first difference: "
                        f"{first if first else 'rows missing or extra'}")
    return problems
