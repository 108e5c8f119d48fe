"""DuckDB's own conversion of completed forms to Parquet, for Scripts/bench-dataset-scale.sh.

Usage: bench_dataset_duckdb.py FORMS_FOLDER OUT.parquet
read_json of every form under FORMS_FOLDER (one JSON object per file), one row per question (its form's file,
title, revision, technician and dates, the question's number, text and type, its `user-answer` as JSON text),
written by COPY ... TO (FORMAT parquet, COMPRESSION gzip). That is fewer rows than questionkit's `answers`
(a row per chosen option and per filled cell) and no flags: DuckDB does the easier job. Prints the row count.
"""

import sys

import duckdb

forms, out = sys.argv[1], sys.argv[2]
connection = duckdb.connect()
# Streaming, in bounded memory: rows need not keep the files' order (the default keeps every row
# in memory until it can be written in order: 20.9 GB at 100,000 forms), both cores, and a limit
# past which DuckDB spills to disk rather than taking the machine's memory.
connection.execute("SET preserve_insertion_order = false")
connection.execute("SET threads = 2")
connection.execute("SET memory_limit = '4GB'")
connection.execute(
    f"""
    COPY (
        SELECT f.filename, f.Title, f.RevisionNumber, f.username, f.completedDate, f.SubmittedDate,
               q.number, q.question.question AS question, q.question."answer-type" AS type,
               CAST(q.question."user-answer" AS VARCHAR) AS answer
        FROM read_json('{forms}/**/*.json', filename = true, format = 'auto', union_by_name = true) AS f,
             UNNEST(f.questions) WITH ORDINALITY AS q(question, number)
    ) TO '{out}' (FORMAT parquet, COMPRESSION gzip)
    """
)
print(connection.execute(f"SELECT count(*) FROM '{out}'").fetchone()[0])
