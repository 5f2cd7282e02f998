#!/usr/bin/env python3
"""Writes Tests/DashCatalogTests/Goldens/rrule-dateutil.json: random RRULEs expanded by
python-dateutil (an independent, widely used RFC 5545 implementation), for ICalendarDateutilTests.

Each case's DTSTART is the rule's own first occurrence, since dateutil leaves out a DTSTART that
the rule does not produce while RFC 5545 always counts it. Times are floating (read in UTC).
Run: python3 scripts/rrule-fixtures.py > Tests/DashCatalogTests/Goldens/rrule-dateutil.json (seeded)."""
import datetime, json, random, sys
from dateutil.rrule import rrulestr

rng = random.Random(5545)
DAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]

def pick(values, most):
    return sorted(rng.sample(values, rng.randint(1, most)), key=values.index)

def rule():
    freq = rng.choice(["YEARLY"] * 4 + ["MONTHLY"] * 4 + ["WEEKLY"] * 3 + ["DAILY"] * 3 + ["HOURLY", "MINUTELY"])
    parts = [f"FREQ={freq}"]
    if rng.random() < 0.4: parts.append(f"INTERVAL={rng.randint(2, 5)}")
    ordinal = freq in ("MONTHLY", "YEARLY")
    if rng.random() < 0.5:
        days = pick(DAYS, 3)
        if ordinal and rng.random() < 0.5:
            n = [-5, -4, -3, -2, -1, 1, 2, 3, 4, 5] if freq == "MONTHLY" else [-53, -20, -2, -1, 1, 2, 10, 20, 53]
            days = [f"{rng.choice(n)}{d}" for d in days]
        parts.append("BYDAY=" + ",".join(days))
    if rng.random() < 0.3 and freq != "WEEKLY":
        parts.append("BYMONTHDAY=" + ",".join(str(d) for d in pick([1, 2, 13, 15, 28, 29, 30, 31, -1, -2, -7], 3)))
    if rng.random() < 0.3: parts.append("BYMONTH=" + ",".join(str(m) for m in pick(list(range(1, 13)), 4)))
    if freq == "YEARLY" and rng.random() < 0.15: parts.append("BYYEARDAY=" + ",".join(str(d) for d in pick([1, 60, 100, 200, 365, 366, -1, -100], 3)))
    # BYWEEKNO only with plain weekdays: without BYDAY dateutil takes every day of the week,
    # where RFC 5545's rule (what is not given comes from DTSTART) and libical take DTSTART's weekday.
    if freq == "YEARLY" and rng.random() < 0.6 and any(p.startswith("BYDAY=") and not any(c.isdigit() for c in p) for p in parts):
        parts.append("BYWEEKNO=" + ",".join(str(w) for w in pick([1, 2, 20, 52, 53, -1], 2)))
    if freq in ("DAILY", "WEEKLY", "MONTHLY", "YEARLY") and rng.random() < 0.15:
        parts.append("BYHOUR=" + ",".join(str(h) for h in pick([6, 9, 12, 18], 2)))
    if freq in ("HOURLY",) and rng.random() < 0.5: parts.append("BYMINUTE=" + ",".join(str(m) for m in pick([0, 15, 30, 45], 2)))
    if rng.random() < 0.25 and freq in ("MONTHLY", "YEARLY", "WEEKLY"): parts.append("BYSETPOS=" + ",".join(str(p) for p in pick([1, 2, -1, -2, 3], 2)))
    if rng.random() < 0.3: parts.append(f"WKST={rng.choice(DAYS)}")
    if rng.random() < 0.5: parts.append(f"COUNT={rng.randint(1, 30)}")
    return ";".join(parts), freq

cases = []
while len(cases) < 300:
    text, freq = rule()
    base = datetime.datetime(rng.randint(1995, 2030), rng.randint(1, 12), rng.randint(1, 28), rng.choice([0, 9, 13]), rng.choice([0, 30]))
    span = {"YEARLY": 3650, "MONTHLY": 730, "WEEKLY": 200, "DAILY": 60, "HOURLY": 3, "MINUTELY": 1}[freq]
    end = datetime.datetime.combine((base + datetime.timedelta(days=span)).date(), datetime.time(23, 59, 59))
    try:
        first = next(iter(rrulestr(text, dtstart=base)), None)
        if first is None or first > end: continue
        again = list(rrulestr(text, dtstart=first).between(first, end, inc=True))
    except Exception:
        continue
    if not again or again[0] != first or len(again) > 400: continue
    cases.append({"dtstart": first.strftime("%Y%m%dT%H%M%S"), "rule": text, "through": end.strftime("%Y%m%d"),
                  "starts": [d.strftime("%Y%m%dT%H%M%S") for d in again if d.date() <= end.date()]})
json.dump(cases, sys.stdout, indent=0)
