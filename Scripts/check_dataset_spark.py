"""Runs the fixed queries of Scripts/dataset-queries.sql with Apache Spark (local mode) on the Parquet parts of a
`questionkit dataset` export, and with DuckDB on the same parts, and requires the same rows from both; prints the
three questions' answers as Spark gives them. Usage: check_dataset_spark.py DATASET_DIR"""
import os
import sys
import time

import duckdb
from pyspark.sql import SparkSession

from dataset_queries import TABLES, differences, duckdb_parquet_views, load_queries, run_all

current = os.path.join(sys.argv[1], "current")
queries = load_queries()

started = time.monotonic()
spark = (SparkSession.builder.master("local[2]").appName("questionkit-dataset-check")
         .config("spark.sql.session.timeZone", "UTC")
         # Partition values as the text they are (revision "1.10" is no number), as DuckDB is told too.
         .config("spark.sql.sources.partitionColumnTypeInference.enabled", "false")
         .config("spark.ui.enabled", "false").config("spark.ui.showConsoleProgress", "false")
         .getOrCreate())
spark.sparkContext.setLogLevel("ERROR")
version = spark.version
for table in TABLES:
    # Parquet parts only (the folders may hold NDJSON parts beside them); partitions discovered from the folders.
    spark.read.option("pathGlobFilter", "*.parquet").parquet(os.path.join(current, table)) \
        .createOrReplaceTempView(table)
startup = time.monotonic() - started
started = time.monotonic()
found = run_all(lambda sql: spark.sql(sql).collect(), queries)
querying = time.monotonic() - started

connection = duckdb.connect()
connection.execute("SET TimeZone = 'UTC'")
duckdb_parquet_views(connection, current)
expected = run_all(lambda sql: connection.execute(sql).fetchall(), queries)
problems = differences(expected, found, "spark")

for name in ("hot_forms", "flag_rate", "without_photos"):
    print(f"-- {name} (Spark)")
    dataframe = spark.sql(queries[name])
    print(" | ".join(dataframe.columns))
    # As Spark gives them (`comparable` makes every number a float to compare), sorted (the queries have no
    # ORDER BY), NULLs last.
    rows = sorted(dataframe.collect(), key=lambda row: tuple((cell is None, cell if cell is not None else 0)
                                                              for cell in row))
    for row in rows[:8]:
        print(" | ".join("NULL" if cell is None else str(cell) for cell in row))
    if len(rows) > 8:
        print(f"... {len(rows)} rows in all")
spark.stop()
for problem in problems:
    print(problem, file=sys.stderr)
print(f"Spark {version} local[2]: session and views in {startup:.1f} s, "
      f"{len(queries)} queries in {querying:.1f} s; "
      + ("every query's rows equal DuckDB's" if not problems else f"{len(problems)} queries differ from DuckDB (above)"))
sys.exit(1 if problems else 0)
