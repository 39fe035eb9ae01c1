#!/usr/bin/env python3
"""Every common word in every category: the searches a new user tries, empty answers included.

    python3 bench/pairs.py BASE [--words 200] [--repeat 3]

Against a server on `campusmarket seed` data (bench/search.sh's, or seeded by hand at 1M), times
each pair of the most common title words × every category, alone and with a price range (10–60
dollars), one request at a time on one kept connection, by relevance as the search box asks. Each
pair's time is the median of --repeat requests. Prints the p50, p90, p99 and max over all pairs,
how many came back empty, and the 20 slowest. A common word in a category it never appears in
(`q=lecture&category=clothing`) must cost no more than one it fills a page in.
"""
import argparse, http.client, json, statistics, sys, time, urllib.parse
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from zipf import CATEGORIES, title_words  # noqa: E402

PRICE_RANGE = {"minPriceCents": 1000, "maxPriceCents": 6000}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("base")
    parser.add_argument("--words", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    words = title_words(args.base)[:args.words]
    url = urllib.parse.urlparse(args.base)
    connection = http.client.HTTPConnection(url.hostname, url.port)

    def timed(path):
        started = time.perf_counter()
        connection.request("GET", path)
        response = connection.getresponse()
        body = response.read()
        elapsed = (time.perf_counter() - started) * 1000
        if response.status != 200:
            raise SystemExit(f"{path}: status {response.status}: {body[:200]!r}")
        return elapsed, len(json.loads(body)["items"])

    results = []  # (ms, items, path)
    for word in words:
        for category in CATEGORIES:
            for priced in (False, True):
                params = {"q": word, "category": category, **(PRICE_RANGE if priced else {})}
                path = "/api/v1/listings?" + urllib.parse.urlencode(params)
                runs = [timed(path) for _ in range(args.repeat)]
                results.append((statistics.median(ms for ms, _ in runs), runs[0][1], path))

    times = sorted(ms for ms, _, _ in results)
    at = lambda p: times[min(len(times) - 1, int(len(times) * p))]
    empty = sum(1 for _, items, _ in results if items == 0)
    print(f"{len(results)} searches ({len(words)} words × {len(CATEGORIES)} categories × with and without "
          f"a price range), {empty} empty; median of {args.repeat} each")
    print(f"p50 {at(0.5):.2f} ms, p90 {at(0.9):.2f} ms, p99 {at(0.99):.2f} ms, max {times[-1]:.2f} ms")
    print("\nthe 20 slowest:")
    for ms, items, path in sorted(results, reverse=True)[:20]:
        print(f"{ms:8.2f} ms  {items:3d} items  {path}")


if __name__ == "__main__":
    main()
