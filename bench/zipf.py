#!/usr/bin/env python3
"""The Zipf mix of searches: 1,200 distinct queries built from a seeded server's title words,
categories, sorts and price ranges, drawn with a Zipf-like law (weight 1/rank^1.1), so a few are
common and most are rare, as on a real campus, and no cache can hold them all.

    python3 bench/zipf.py lua BASE OUT    writes a wrk script drawing from the mix (bench/search.sh)
    python3 bench/zipf.py each BASE       times each distinct query, one at a time: the median of
                                          3 requests each; prints median, p90, p99 and max of
                                          those, then the 40 slowest (finding slow shapes;
                                          bench/search.sh is the benchmark of record)
"""
import json, random, re, statistics, sys, time, urllib.parse, urllib.request

CATEGORIES = ["textbooks", "furniture", "electronics", "notes", "clothing", "other"]


def title_words(base):
    """The title words of the newest 2,500 listings (four letters or more), most common first."""
    words, cursor = {}, None
    for _ in range(25):
        page = json.load(urllib.request.urlopen(base + "/api/v1/listings?limit=100" + (f"&cursor={cursor}" if cursor else "")))
        for item in page["items"]:
            for word in re.findall(r"[a-z]{4,}", item["title"].lower()):
                words[word] = words.get(word, 0) + 1
        cursor = page.get("nextCursor")
        if not cursor: break
    return [w for w, _ in sorted(words.items(), key=lambda kv: -kv[1])]


def queries(base):
    vocabulary = title_words(base)
    rng = random.Random(11)
    sorts = ["relevance", "newest", "price_asc", "price_desc"]
    paths, seen = [], set()
    while len(paths) < 1200:
        params = {}
        if rng.random() < 0.7:
            params["q"] = rng.choice(vocabulary[:300])
            if rng.random() < 0.3: params["q"] += " " + rng.choice(vocabulary[:300])
            params["sort"] = rng.choice(sorts)
        else:
            params["sort"] = rng.choice(sorts[1:])
        if rng.random() < 0.4: params["category"] = rng.choice(CATEGORIES)
        if rng.random() < 0.25:
            low = rng.choice([0, 500, 1000, 2000, 5000])
            params["minPriceCents"], params["maxPriceCents"] = low, low + rng.choice([1000, 5000, 20000])
        path = "/api/v1/listings?" + urllib.parse.urlencode(params)
        if path not in seen:
            seen.add(path); paths.append(path)
    return paths, vocabulary


def write_lua(base, out):
    paths, vocabulary = queries(base)
    weights = [1 / (rank + 1) ** 1.1 for rank in range(len(paths))]
    total, cumulative, running = sum(weights), [], 0.0
    for w in weights:
        running += w / total; cumulative.append(running)
    with open(out, "w") as f:
        f.write("local paths = {\n" + "".join(f"  {json.dumps(p)},\n" for p in paths) + "}\n")
        f.write("local cumulative = {" + ",".join(f"{c:.9f}" for c in cumulative) + "}\n")
        f.write("""math.randomseed(13)
request = function()
  local r, lo, hi = math.random(), 1, #cumulative
  while lo < hi do local mid = math.floor((lo + hi) / 2); if cumulative[mid] < r then lo = mid + 1 else hi = mid end end
  return wrk.format("GET", paths[lo])
end
""")
    print(f"zipf mix: {len(paths)} distinct searches over {len(vocabulary)} title words", file=sys.stderr)


def time_each(base):
    paths, _ = queries(base)
    times = []
    for path in paths:
        runs = []
        for _ in range(3):
            start = time.perf_counter(); urllib.request.urlopen(base + path).read(); runs.append(time.perf_counter() - start)
        times.append((statistics.median(runs) * 1000, path))
    times.sort(reverse=True)
    ms = sorted(t for t, _ in times)
    print("distinct queries", len(ms), "median %.2f p90 %.2f p99 %.2f max %.2f" % (
        ms[len(ms) // 2], ms[int(len(ms) * 0.9)], ms[int(len(ms) * 0.99)], ms[-1]))
    for t, path in times[:40]: print(f"{t:8.2f} {path}")


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "lua":
        write_lua(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 3 and sys.argv[1] == "each":
        time_each(sys.argv[2])
    else:
        sys.exit("usage: bench/zipf.py lua BASE OUT | bench/zipf.py each BASE")
