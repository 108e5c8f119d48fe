"""Reads the sample Parquet files of `Benchmarks parquet-sample FOLDER` with pyarrow and DuckDB and checks them
against FOLDER/expected.json (see Scripts/check-parquet.sh). Exits 1 with the first difference."""
import datetime
import json
import math
import shutil
import struct
import sys

import duckdb
import pyarrow
import pyarrow.parquet as pq

folder = sys.argv[1]
expected = json.load(open(f"{folder}/expected.json"))
columns = expected["columns"]
names = [column["name"] for column in columns]
group_rows = expected["row_group_rows"]
EPOCH = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)
ARROW_TYPES = {"string": pyarrow.string(), "int64": pyarrow.int64(), "double": pyarrow.float64(),
               "boolean": pyarrow.bool_(), "date": pyarrow.date32(), "timestamp": pyarrow.timestamp("us", tz="UTC")}


def typed(kind, value):
    """A JSON value as pyarrow gives it back."""
    if value is None:
        return None
    if kind == "date":
        return datetime.date(1970, 1, 1) + datetime.timedelta(days=value)
    if kind == "timestamp":
        return EPOCH + datetime.timedelta(microseconds=value)
    return value


rows = [[typed(column["type"], value) for column, value in zip(columns, row)] for row in expected["rows"]]
by_column = {name: [row[index] for row in rows] for index, name in enumerate(names)}


def bounds(values):
    """Min and max as the format orders them: NaN left out, strings by their UTF-8 bytes."""
    present = [v for v in values if v is not None and not (isinstance(v, float) and math.isnan(v))]
    if not present:
        return None
    key = (lambda v: v.encode()) if isinstance(present[0], str) else (lambda v: v)
    return min(present, key=key), max(present, key=key)


def same(a, b):
    if isinstance(a, float) and isinstance(b, float):
        return a == b and math.copysign(1, a) == math.copysign(1, b) or (math.isnan(a) and math.isnan(b))
    if isinstance(a, datetime.datetime) and isinstance(b, datetime.datetime):
        return a.timestamp() == b.timestamp()
    return a == b


groups = [(start, min(start + group_rows, len(rows))) for start in range(0, len(rows), group_rows)]
for file in expected["files"]:
    path = f"{folder}/{file}"
    parquet = pq.ParquetFile(path)
    schema = parquet.schema_arrow
    for column in columns:
        field = schema.field(column["name"])
        assert field.type == ARROW_TYPES[column["type"]], (file, column, field.type)
        assert field.nullable == column["optional"], (file, column, field.nullable)
    table = parquet.read()
    for name in names:
        found = table.column(name).to_pylist()
        assert len(found) == len(rows), (file, name, len(found))
        for index, (a, b) in enumerate(zip(found, by_column[name])):
            assert same(a, b), (file, name, index, a, b)
    metadata = parquet.metadata
    assert metadata.num_row_groups == len(groups), (file, metadata.num_row_groups)
    codec = "GZIP" if file.startswith("gzip") else "UNCOMPRESSED"
    for number, (start, end) in enumerate(groups):
        group = metadata.row_group(number)
        assert group.num_rows == end - start, (file, number, group.num_rows)
        for index, column in enumerate(columns):
            chunk = group.column(index)
            assert chunk.compression == codec, (file, column["name"], chunk.compression)
            dictionary = "RLE_DICTIONARY" in chunk.encodings
            if column["encoding"] != "automatic":
                assert dictionary == (column["encoding"] == "dictionary"), (file, column, chunk.encodings)
            values = by_column[column["name"]][start:end]
            statistics = chunk.statistics
            assert statistics is not None and statistics.null_count == values.count(None), (file, number, column)
            want = bounds(values)
            assert statistics.has_min_max == (want is not None), (file, number, column)
            if want:
                got = (statistics.min, statistics.max)
                assert all(same(a, b) or (a == b == 0) for a, b in zip(got, want)), (file, number, column, got, want)
    print(f"pyarrow {pyarrow.__version__} reads {file}: {len(columns)} columns, {len(rows)} rows, "
          f"{len(groups)} row groups, values and statistics as written")

    # DuckDB: aggregates, metadata, row groups skipped by statistics.
    sql = duckdb.connect()
    present = lambda name: [v for v in by_column[name] if v is not None]
    found = sql.execute(
        f"""SELECT count(*), sum(id), count(name), count(DISTINCT name), sum(length(text)), sum("count"),
                   sum(ratio), count(*) FILTER (WHERE ok), count(ok), min(day), max(day), max("at"), min(label)
            FROM read_parquet('{path}')""").fetchone()
    want = (len(rows), sum(by_column["id"]), len(present("name")), len(set(present("name"))),
            sum(len(v) for v in present("text")), sum(present("count")), sum(present("ratio")),
            present("ok").count(True), len(present("ok")), min(present("day")), max(present("day")),
            max(present("at")), min(present("label")))
    assert all(same(a, b) or (isinstance(a, float) and abs(a - b) < 1e-9) for a, b in zip(found, want)), (found, want)
    aggregates = len(want)
    listed = sql.execute(
        f"""SELECT row_group_id, row_group_num_rows, stats_min_value, stats_max_value, stats_null_count
            FROM parquet_metadata('{path}') WHERE path_in_schema = 'id' ORDER BY row_group_id""").fetchall()
    assert listed == [(number, end - start, str(start), str(end - 1), 0) for number, (start, end) in
                      enumerate(groups)], listed
    names_listed = sql.execute(
        f"""SELECT stats_min_value, stats_max_value FROM parquet_metadata('{path}')
            WHERE path_in_schema = 'name' ORDER BY row_group_id""").fetchall()
    assert names_listed == [bounds(by_column["name"][start:end]) for start, end in groups], names_listed
    # Make the first row group's `id` pages unreadable: a query on the whole column fails, one whose filter
    # excludes that group by its statistics never reads it and answers.
    broken = f"{folder}/broken-{file}"
    shutil.copy(path, broken)
    chunk = metadata.row_group(0).column(0)
    with open(broken, "r+b") as handle:
        handle.seek(chunk.data_page_offset)
        handle.write(b"\xff" * chunk.total_compressed_size)
    try:
        sql.execute(f"SELECT sum(id) FROM read_parquet('{broken}')").fetchone()
        raise AssertionError("DuckDB read the damaged row group without an error")
    except duckdb.Error:
        pass
    start = groups[1][0]
    found = sql.execute(f"SELECT count(*), sum(id) FROM read_parquet('{broken}') WHERE id >= {start}").fetchone()
    assert found == (len(rows) - start, sum(range(start, len(rows)))), found
    print(f"duckdb {duckdb.__version__} reads {file}: {aggregates} aggregates equal, parquet_metadata lists "
          f"{len(listed)} row groups with their bounds, a filter on id skips the first row group")
