#!/usr/bin/env python3
"""Times each distinct query of a Zipf-like search mix against a running server, one at a time.

    python3 bench/zipf-each.py http://127.0.0.1:8190

Draws 1,200 distinct queries (words from the first 2,500 listings' titles, most common first,
with categories, price ranges and every sort), requests each three times, and prints the median,
p90, p99 and max of the per-query medians, then the 40 slowest. For finding which shapes are
slow on `campusmarket seed` data; bench/search.sh is the benchmark of record.
"""
import json, random, re, sys, urllib.parse, urllib.request
base, out = sys.argv[1], None
words, cursor = {}, None
for _ in range(25):  # 2,500 listings' titles
    page = json.load(urllib.request.urlopen(base + "/api/v1/listings?limit=100" + (f"&cursor={cursor}" if cursor else "")))
    for item in page["items"]:
        for word in re.findall(r"[a-z]{4,}", item["title"].lower()):
            words[word] = words.get(word, 0) + 1
    cursor = page.get("nextCursor")
    if not cursor: break
vocabulary = [w for w, _ in sorted(words.items(), key=lambda kv: -kv[1])]
rng = random.Random(11)
categories = ["textbooks", "furniture", "electronics", "notes", "clothing", "other"]
sorts = ["relevance", "newest", "price_asc", "price_desc"]
queries, seen = [], set()
while len(queries) < 1200:
    params = {}
    shape = rng.random()
    if shape < 0.7:
        params["q"] = rng.choice(vocabulary[:300])
        if rng.random() < 0.3: params["q"] += " " + rng.choice(vocabulary[:300])
        params["sort"] = rng.choice(sorts)
    else:
        params["sort"] = rng.choice(sorts[1:])
    if rng.random() < 0.4: params["category"] = rng.choice(categories)
    if rng.random() < 0.25:
        low = rng.choice([0, 500, 1000, 2000, 5000])
        params["minPriceCents"], params["maxPriceCents"] = low, low + rng.choice([1000, 5000, 20000])
    path = "/api/v1/listings?" + urllib.parse.urlencode(params)
    if path not in seen:
        seen.add(path); queries.append(path)

import time, statistics
times=[]
for p in queries:
    ts=[]
    for _ in range(3):
        t=time.perf_counter(); urllib.request.urlopen(base+p).read(); ts.append(time.perf_counter()-t)
    times.append((statistics.median(ts)*1000,p))
times.sort(reverse=True)
ms=sorted(t for t,_ in times); print("distinct queries", len(ms), "median %.2f p90 %.2f p99 %.2f max %.2f" % (ms[len(ms)//2], ms[int(len(ms)*0.9)], ms[int(len(ms)*0.99)], ms[-1]))
for t,p in times[:40]: print(f"{t:8.2f} {p}")
