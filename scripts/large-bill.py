#!/usr/bin/env python3
"""The large-bill run (issue 30): a generated 6-month hourly CUR 2.0 bill of ROWS lines,
written by DuckDB as Snappy Parquet (as Data Exports write it: timestamps, doubles, the tags a
map) and as CSV; added up by the query `gpucost review --sql duckdb` prints; then the
aggregated CSV and the raw Parquet are each reviewed by the CLI, and the two reviews must agree
in every figure (all but the file's name, format and line count). Prints rows, file sizes,
and each step's time and peak memory (/usr/bin/time -v).

    python3 scripts/large-bill.py [--rows 10000000] [--dir /tmp/large-bill] [--csv-review]

Needs Python's duckdb (scripts/setup.sh test) and a built CLI (target/release/gpucost, else
target/debug/gpucost; --gpucost PATH).
"""
import argparse
import json
import os
import re
import subprocess
import sys
import time

import duckdb

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FROM, TO = "2024-01-01", "2024-06-30"
HOURS = 182 * 24  # 2024-01-01 to 2024-06-30, every hour

# One generated line: resource r (of as many as ROWS needs) in hour h. A resource is a GPU
# instance (on demand, reserved or spot), a CPU instance, or a volume; a few hours are idle.
# Rates are the dollar rates of tests/sql.rs's raw bill; the costs are exact in a double.
LINES = """
WITH l AS (
  SELECT i, i % {hours} AS h, i // {hours} AS r FROM range({rows}) t(i)
), k AS (
  SELECT i, h, r,
    TIMESTAMP '2024-01-01 00:00:00' + to_hours(h) AS s,
    ['g5.xlarge', 'g5.xlarge', 'p3.8xlarge', 'p4d.24xlarge', 'm5.large', ''][r % 6 + 1] AS it,
    ['1.006', '0.6036', '12.24', '9.8304', '0.096', '0.0137'][r % 6 + 1] AS rate,
    ['OnDemand', 'Reserved', 'OnDemand', 'Spot', 'OnDemand', 'OnDemand'][r % 6 + 1] AS term,
    ['ml', 'search', 'web', 'data', 'infra'][r % 5 + 1] AS team,
    ['dev', 'prod', 'staging'][r % 3 + 1] AS env
  FROM l
)
SELECT
  'li' || i AS identity_line_item_id,
  CASE WHEN term = 'Reserved' THEN 'DiscountedUsage' ELSE 'Usage' END AS line_item_line_item_type,
  s AS line_item_usage_start_date,
  s + INTERVAL 1 HOUR AS line_item_usage_end_date,
  'AmazonEC2' AS line_item_product_code,
  CASE WHEN it = '' THEN 'EBS:VolumeUsage.gp3'
       WHEN term = 'Spot' THEN 'USE1-SpotUsage:' || it
       ELSE 'USE1-BoxUsage:' || it END AS line_item_usage_type,
  CASE WHEN it = '' THEN 'vol-' ELSE 'i-' END || printf('%08x', r) AS line_item_resource_id,
  CASE WHEN (h * 7 + r) % 20 = 0 THEN 0.5 ELSE 1.0 END::DOUBLE AS line_item_usage_amount,
  'USD' AS line_item_currency_code,
  (rate::DECIMAL(18, 6) * CASE WHEN (h * 7 + r) % 20 = 0 THEN 0.5 ELSE 1 END)::DOUBLE
    AS line_item_unblended_cost,
  it AS product_instance_type,
  CASE WHEN r % 4 = 0 THEN 'us-west-2' ELSE 'us-east-1' END AS product_region_code,
  term AS pricing_term,
  MAP {{'user_team': team, 'user_env': env}} AS resource_tags
FROM k
WHERE (h + r) % 10 <> 3
"""


def timed(label, argv, out=None):
    """Runs argv under /usr/bin/time -v; returns (seconds, peak RSS in MiB, stdout)."""
    started = time.monotonic()
    run = subprocess.run(["/usr/bin/time", "-v", *argv], capture_output=True, text=True)
    seconds = time.monotonic() - started
    if run.returncode != 0:
        sys.exit(f"{label} failed:\n{run.stderr[-3000:]}")
    peak = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", run.stderr).group(1))
    print(f"{label}: {seconds:.1f} s, peak RSS {peak / 1024:.0f} MiB", flush=True)
    if out:
        with open(out, "w") as f:
            f.write(run.stdout)
    return seconds, peak / 1024, run.stdout


def comparable(review_json):
    """A review's JSON without what must differ between a raw bill and its aggregate."""
    d = json.loads(review_json)
    for key in ("file", "format", "rows", "summary"):
        d.pop(key, None)
    return d


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rows", type=int, default=10_000_000)
    ap.add_argument("--dir", default="/tmp/large-bill")
    ap.add_argument("--gpucost")
    ap.add_argument("--csv-review", action="store_true", help="also review the raw CSV")
    a = ap.parse_args()
    gpucost = a.gpucost or next(
        p for p in (f"{ROOT}/target/release/gpucost", f"{ROOT}/target/debug/gpucost") if os.path.exists(p)
    )
    os.makedirs(a.dir, exist_ok=True)
    os.chdir(a.dir)
    # The lines kept after the idle hours are left out: the generated range is larger.
    generate = int(a.rows / 0.9) + 1
    lines = LINES.format(hours=HOURS, rows=generate)
    started = time.monotonic()
    con = duckdb.connect()
    con.execute("SET TimeZone = 'UTC'")
    con.execute(f"COPY ({lines}) TO 'cur.parquet' (FORMAT parquet, COMPRESSION snappy)")
    rows = con.execute("SELECT count(*) FROM 'cur.parquet'").fetchone()[0]
    con.execute(
        "COPY (SELECT * REPLACE ("
        " strftime(line_item_usage_start_date, '%Y-%m-%dT%H:%M:%S.000Z') AS line_item_usage_start_date,"
        " strftime(line_item_usage_end_date, '%Y-%m-%dT%H:%M:%S.000Z') AS line_item_usage_end_date,"
        " to_json(resource_tags) AS resource_tags) FROM 'cur.parquet')"
        " TO 'cur.csv' (HEADER, DELIMITER ',')"
    )
    print(f"generated {rows:,} lines in {time.monotonic() - started:.1f} s", flush=True)
    assert rows >= a.rows, f"{rows} < {a.rows}"
    for f in ("cur.parquet", "cur.csv"):
        print(f"{f}: {os.path.getsize(f) / 2**20:,.1f} MiB")

    query = subprocess.run(
        [gpucost, "review", "--sql", "duckdb", "--table", "cur.parquet", "--from", FROM, "--to", TO],
        capture_output=True, text=True, check=True,
    ).stdout
    with open("query.sql", "w") as f:
        f.write(query)
    with open("aggregate.py", "w") as f:
        f.write(
            "import duckdb\n"
            "con = duckdb.connect()\n"
            "con.sql(open('query.sql').read()).write_csv('aggregated.csv')\n"
        )
    timed("DuckDB query over the Parquet", [sys.executable, "aggregate.py"])
    with open("aggregated.csv") as f:
        aggregated_rows = sum(1 for _ in f) - 1
    print(f"aggregated.csv: {aggregated_rows:,} rows, {os.path.getsize('aggregated.csv') / 2**20:,.1f} MiB")

    review = [gpucost, "review", "--format", "json", "--today", "2026-12-01"]
    _, _, agg = timed("gpucost review aggregated.csv", [*review, "aggregated.csv"], "aggregated.json")
    _, _, raw = timed("gpucost review cur.parquet", [*review, "cur.parquet"], "parquet.json")
    reviews = {"aggregated.csv": comparable(agg), "cur.parquet": comparable(raw)}
    if a.csv_review:
        _, _, csv = timed("gpucost review cur.csv", [*review, "cur.csv"], "csv.json")
        reviews["cur.csv"] = comparable(csv)
    raw_review = json.loads(raw)
    assert raw_review["rows"] == rows and raw_review["skipped"] == 0, (raw_review["rows"], rows)
    first = reviews["cur.parquet"]
    for name, r in reviews.items():
        differ = [k for k in first if first[k] != r.get(k)]
        if differ:
            sys.exit(f"{name} differs from cur.parquet in {differ}")
    print(f"the reviews agree to the cent: total {raw_review['total']}, GPU-hours {raw_review['gpu_hours']}")


if __name__ == "__main__":
    main()
