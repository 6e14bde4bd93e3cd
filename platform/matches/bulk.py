"""Inserting many prepared rows at once: ``COPY`` on PostgreSQL, a multi-row
``INSERT ... VALUES (...), (...)`` elsewhere; and updating several at once
(``update_rows``). Used where the rows are many, or the statements many: a match's
events and seats (``matches.services``), a rebuild's rating history
(``tournaments.rebuild``), what completing a round writes (``tournaments.rounds``
and ``tournaments.projections``).

The ORM's ``bulk_create`` spends most of its time building model instances and
preparing values one by one (and psycopg's client-side binding of thousands of
placeholders is slow too): without it, storing a 10,000-event log became several
times faster, and storing a rebuild's 200,000 rating history rows too. So the
values must be as the database takes them: JSON columns get their JSON text (as
``JSONField`` would store it), and no field default is filled in.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from django.db import connections


def insert_rows(model, columns: Sequence[str], rows: Sequence[Sequence]) -> None:
    """Insert ``rows`` (values in the order of ``columns``) into ``model``'s table."""
    if not rows:
        return
    conn = connections[model._default_manager.db]
    quote = conn.ops.quote_name
    table = quote(model._meta.db_table)
    names = ", ".join(quote(c) for c in columns)
    if conn.vendor == "postgresql":  # COPY: the fastest way in, one stream per call
        with (
            conn.cursor() as cursor,
            cursor.cursor.copy(f"COPY {table} ({names}) FROM STDIN") as copy,
        ):
            for row in rows:
                copy.write_row(row)
        return
    one = "(" + ", ".join(["%s"] * len(columns)) + ")"
    head = f"INSERT INTO {table} ({names}) VALUES "
    per_query = max(1, min(500, (conn.features.max_query_params or 5000) // len(columns)))
    with conn.cursor() as cursor:
        for start in range(0, len(rows), per_query):
            chunk = rows[start : start + per_query]
            cursor.execute(
                head + ", ".join([one] * len(chunk)), [value for row in chunk for value in row]
            )


def update_rows(
    model, key: str, match: dict, columns: Sequence[str], rows: Sequence[Sequence]
) -> int:
    """Set ``columns`` of several rows of ``model`` in one statement: each of
    ``rows`` is ``(key value, *column values)``, for the rows that also match
    ``match`` (column -> value). ``UPDATE ... FROM (VALUES ...)``, which PostgreSQL
    and SQLite (3.33+) both take; the ORM's ``CASE WHEN`` per field and row cost
    more to build than the rest of a short match's storage. Values are as the
    database takes them (``insert_rows``): JSON columns get their JSON text."""
    if not rows:
        return 0
    conn = connections[model._default_manager.db]
    quote = conn.ops.quote_name
    table = quote(model._meta.db_table)
    width = 1 + len(columns)
    values = ", ".join(["(" + ", ".join(["%s"] * width) + ")"] * len(rows))
    # a VALUES list's columns are column1, column2, ... in both databases
    sets = ", ".join(
        f"{quote(c)} = {_typed(model, c, conn, f'v.column{i + 2}')}" for i, c in enumerate(columns)
    )
    where = " AND ".join(
        [f"{table}.{quote(key)} = v.column1", *(f"{table}.{quote(c)} = %s" for c in match)]
    )
    sql = f"UPDATE {table} SET {sets} FROM (VALUES {values}) AS v WHERE {where}"
    with conn.cursor() as cursor:
        cursor.execute(sql, [value for row in rows for value in row] + list(match.values()))
        return cursor.rowcount


def _typed(model, column: str, conn, expression: str) -> str:
    """``expression`` (a column of the VALUES list) as ``column``'s type where the
    database needs it. PostgreSQL types a VALUES column from its literals (text
    for JSON text, or for a column of NULLs) and has no assignment cast from text
    to jsonb or integer: the value is cast to the field's type, without its
    modifier (``varchar(100)`` -> ``varchar``), as an explicit cast would cut a
    string or round a number where assigning it checks it. SQLite stores any
    value in any column (its affinity applies on storing)."""
    if conn.vendor != "postgresql":
        return expression
    field = next(f for f in model._meta.concrete_fields if f.column == column)
    return f"CAST({expression} AS {_UNMODIFIED.sub('', field.cast_db_type(conn))})"


#: a type's modifier: ``(100)`` of ``varchar(100)``, ``(10, 4)`` of ``numeric(10, 4)``
_UNMODIFIED = re.compile(r"\([^)]*\)")
