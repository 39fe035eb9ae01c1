#!/usr/bin/env python3
"""Campus peak: how many students one instance carries at the busiest hour (release build).

    bench/campus-peak.py [--levels 250,500,1000,2000] [--seconds 120] [--listings 10000]
    DATABASE_URL=… bench/campus-peak.py --instances 2 …    # an empty PostgreSQL database

One instance on SQLite, or on the PostgreSQL of DATABASE_URL; with --instances 2, two instances on
that PostgreSQL behind the shipped deploy/nginx.conf (scripts/local_nginx.py), photos in the S3
stand-in (scripts/s3-stand-in.py; nginx and moto as the deployment tests need them). Seeds the
listings, signs up as many students as the highest level (bcrypt cost 4: sign-in is not part of
the peak), then for each level in turn: that many students, each signed in with an open event
stream, each doing what students do in a session (MIX, below) with think time between actions,
for --seconds; pages carry the session cookie, the app's requests its bearer token. Stops after
the first level where any kind's p99 passes 250 ms (a photo's upload: 500 ms) or any request fails (a 5xx, a dropped
connection, a refusal other than 409). Prints, per level, each kind's count, p50 and p99, the
errors, the cores each process kept busy (the instances, nginx, PostgreSQL, the generator) and
each instance's RSS; at the end, that every acknowledged message, order and listing is there.
Before the first level, `/healthz` at 32 connections for 5 s (wrk), through the entry students use
and at each instance, so a run's figures can be read against the machine's speed that day.

The generator runs on the same machine (two cores here), so its CPU is printed too.
"""
import argparse, asyncio, bisect, json, os, random, re, resource, signal, statistics, subprocess, sys, tempfile, time, uuid
from pathlib import Path

from ports import free_port
from wrk_output import latency_ms, requests_per_second

ROOT = Path(__file__).resolve().parents[1]
BINARY = Path(os.environ.get("CAMPUSMARKET_BIN", ROOT / ".build" / "release" / "campusmarket"))
THINK_SECONDS = 10.0  # mean pause between a student's actions (exponential)
TYPING_SECONDS = 0.3  # between the prefixes of a word typed into search
P99_LIMIT_MS = 250
# A camera photo's upload decodes 12 megapixels and writes four sizes: its own target, from the
# phone issue (docs/benchmarks.md: a 12-megapixel upload's p99 ≤ 500 ms).
P99_LIMIT_MS_BY_KIND = {"list_item_photo": 500}
QUESTION = "Is it still there?"
SENT = {}  # a message's text → when its send began, until a recipient's stream reads it

# What a student does next, and how often (shares of actions; the event stream is always open).
# Reading dominates a marketplace (feed, listings, search ≈ 4 of 5 actions); a few percent write.
MIX = [
    ("feed_html", 18), ("feed_json", 8), ("feed_next_page", 6),
    ("listing_html", 17), ("listing_json", 7),
    ("search_typing", 14), ("notifications", 9),
    ("favorite", 6), ("message", 8), ("buy", 3), ("rent", 2), ("list_item", 2),
]


class Connection:
    """One keep-alive HTTP/1.1 connection (a browser's or an app's)."""

    def __init__(self, port):
        self.port, self.reader, self.writer = port, None, None
        self.turn = asyncio.Lock()  # one request at a time, as on HTTP/1.1 (two answers may be due at once)

    async def request(self, method, path, body=None, token=None, content_type="application/json", cookie=None):
        async with self.turn:
            return await self.exchange(method, path, body, token, content_type, cookie)

    async def exchange(self, method, path, body, token, content_type, cookie):
        data = json.dumps(body).encode() if isinstance(body, (dict, list)) else (body or b"")
        head = f"{method} {path} HTTP/1.1\r\nHost: campus\r\nContent-Length: {len(data)}\r\nAccept-Encoding: identity\r\n"
        if body is not None:
            head += f"Content-Type: {content_type}\r\n"
        if token:
            head += f"Authorization: Bearer {token}\r\n"
        if cookie:  # the web app's session: the same kind of token, in its cookie
            head += f"Cookie: cm_session={cookie}\r\n"
        for attempt in (0, 1):  # a kept connection the server closed meanwhile: once more on a new one
            try:
                if self.writer is None:
                    self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
                self.writer.write(head.encode() + b"\r\n" + data)
                await self.writer.drain()
                return await self.response()
            except (ConnectionError, asyncio.IncompleteReadError, OSError):
                self.close()
                if attempt:
                    raise

    async def response(self):
        status_line = await self.reader.readuntil(b"\r\n")
        status = int(status_line.split(b" ")[1])
        headers = {}
        while True:
            line = await self.reader.readuntil(b"\r\n")
            if line == b"\r\n":
                break
            name, _, value = line.decode("latin-1").partition(":")
            headers[name.strip().lower()] = value.strip()
        if headers.get("transfer-encoding", "").lower() == "chunked":
            chunks = []
            while True:
                size = int((await self.reader.readuntil(b"\r\n")).split(b";")[0], 16)
                chunk = await self.reader.readexactly(size + 2)
                if size == 0:
                    break
                chunks.append(chunk[:-2])
            payload = b"".join(chunks)
        else:
            payload = await self.reader.readexactly(int(headers.get("content-length", "0")))
        if headers.get("connection", "").lower() == "close":
            self.close()
        return status, payload

    def close(self):
        if self.writer:
            self.writer.close()
        self.reader = self.writer = None


class Stats:
    def __init__(self):
        self.times, self.errors, self.conflicts, self.statuses = {}, {}, {}, {}

    def record(self, kind, seconds, status):
        # A 409 is a student too late for an item (sold, or the hours taken): expected. Any other
        # refusal (a 404, a 429 throttle) means the model asks what a student would not.
        if status >= 400 and status != 409 or status == 0:
            self.errors[kind] = self.errors.get(kind, 0) + 1
            self.statuses[status] = self.statuses.get(status, 0) + 1
        elif status == 409:
            self.conflicts[kind] = self.conflicts.get(kind, 0) + 1
        self.times.setdefault(kind, []).append(seconds)


class Market:
    """What the students act on, read once from the seeded server."""

    def __init__(self, listings, rentable, words, photo):
        self.listings, self.rentable, self.words, self.photo = listings, rentable, words, photo
        self.student_listings = []  # (listing, the student who listed it)
        self.photos = 0
        # Zipf (1/rank): a few listings are opened often, most rarely.
        weights = [1 / (rank + 1) for rank in range(len(listings))]
        total, running = sum(weights), 0.0
        self.cumulative = []
        for w in weights:
            running += w / total
            self.cumulative.append(running)

    def next_photo(self):
        self.photos += 1
        return distinct_photo(self.photo, self.photos)

    def popular_listing(self, rng):
        return self.listings[min(bisect.bisect_left(self.cumulative, rng.random()), len(self.listings) - 1)]


class Written:
    """Every write the server acknowledged, checked at the end."""

    def __init__(self):
        self.messages, self.orders, self.listings = [], [], []


class Student:
    def __init__(self, port, number, token, user_id, market, stats, written, rng):
        self.port, self.number, self.token, self.user_id = port, number, token, user_id
        self.market, self.stats, self.written, self.rng = market, stats, written, rng
        self.http = Connection(port)
        # Answers to buyers arrive while the student browses: a tab of their own, a connection of its own.
        self.replies = Connection(port)
        self.cursor = None
        self.stopped = False

    async def timed(self, kind, method, path, body=None, content_type="application/json", page=False, connection=None):
        """One request, timed under `kind`: the app's (a bearer token) or a page's (the session cookie)."""
        started = time.perf_counter()
        try:
            status, payload = await (connection or self.http).request(method, path, body, None if page else self.token, content_type,
                                                      self.token if page else None)
        except (ConnectionError, asyncio.IncompleteReadError, OSError, ValueError):
            status, payload = 0, b""
        self.stats.record(kind, time.perf_counter() - started, status)
        return status, payload

    async def session(self, until):
        stream = asyncio.create_task(self.events(until))
        try:
            while time.monotonic() < until:
                pause = self.rng.expovariate(1 / THINK_SECONDS)
                if time.monotonic() + pause >= until:
                    break
                await asyncio.sleep(pause)
                kind = self.rng.choices([k for k, _ in MIX], weights=[w for _, w in MIX])[0]
                await getattr(self, kind)()
        finally:
            stream.cancel()
            self.http.close()
            self.replies.close()

    async def events(self, until):
        """The open tab's event stream, held for the whole session. A message's arrival is timed
        from its send; a buyer's question is answered by its seller a few seconds later."""
        reader = writer = None
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
            writer.write(f"GET /api/v1/events HTTP/1.1\r\nHost: campus\r\nAuthorization: Bearer {self.token}\r\n\r\n".encode())
            await writer.drain()
            event = None
            while line := await reader.readline():
                line = line.decode(errors="replace").strip()
                if line.startswith("event: "):
                    event = line[7:]
                elif line.startswith("data: ") and event == "message":
                    message = json.loads(line[6:])
                    if message.get("senderId") == self.user_id:
                        continue
                    sent = SENT.pop(message.get("text"), None)
                    if sent is not None:
                        self.stats.record("message_delivery", time.perf_counter() - sent, 200)
                    if message.get("text", "").startswith(QUESTION) and time.monotonic() < until:
                        asyncio.get_running_loop().create_task(self.answer(message["conversationId"], until))
        except (ConnectionError, OSError, ValueError, asyncio.CancelledError):
            pass
        finally:
            if writer:
                writer.close()

    async def answer(self, conversation, until):
        await asyncio.sleep(self.rng.uniform(2, 6))
        if time.monotonic() >= until:  # the session is over
            return
        text = f"Yes, still here. ({uuid.uuid4().hex[:8]})"
        SENT[text] = time.perf_counter()
        status, _ = await self.timed("message", "POST", f"/api/v1/conversations/{conversation}/messages",
                                     {"text": text, "clientId": str(uuid.uuid4())}, connection=self.replies)
        if status in (200, 201):
            self.written.messages.append((self.token, conversation, text))

    # The actions ----------------------------------------------------------------------------
    async def feed_html(self):
        await self.timed("feed_html", "GET", "/", page=True)

    async def feed_json(self):
        status, payload = await self.timed("feed_json", "GET", "/api/v1/listings?limit=24")
        if status == 200:
            self.cursor = json.loads(payload).get("nextCursor")

    async def feed_next_page(self):
        if not self.cursor:
            return await self.feed_json()
        status, payload = await self.timed("feed_next_page", "GET", f"/api/v1/listings?limit=24&cursor={self.cursor}")
        if status == 200:
            self.cursor = json.loads(payload).get("nextCursor")

    async def listing_html(self):
        await self.timed("listing_html", "GET", f"/listings/{self.market.popular_listing(self.rng)}", page=True)

    async def listing_json(self):
        await self.timed("listing_json", "GET", f"/api/v1/listings/{self.market.popular_listing(self.rng)}")

    async def search_typing(self):
        word = self.rng.choice(self.market.words)
        for end in range(3, len(word) + 1):
            await self.timed("search_typing", "GET", f"/api/v1/listings?q={word[:end]}&limit=24")
            await asyncio.sleep(TYPING_SECONDS)

    async def notifications(self):
        await self.timed("notifications", "GET", "/api/v1/notifications")

    async def favorite(self):
        await self.timed("favorite", "PUT", f"/api/v1/me/favorites/{self.market.popular_listing(self.rng)}")

    async def message(self):
        # Half the questions go to listings students put up during the run: their sellers answer.
        theirs = self.market.student_listings
        listing, seller = self.rng.choice(theirs) if theirs and self.rng.random() < 0.5 else (self.market.popular_listing(self.rng), None)
        if seller == self.number:  # their own: a question to a seeded seller instead
            listing = self.market.popular_listing(self.rng)
        status, payload = await self.timed("message", "POST", f"/api/v1/listings/{listing}/conversations")
        if status not in (200, 201):
            return
        conversation = json.loads(payload)["id"]
        text = f"{QUESTION} ({uuid.uuid4().hex[:8]})"
        SENT[text] = time.perf_counter()
        status, _ = await self.timed("message", "POST", f"/api/v1/conversations/{conversation}/messages",
                                     {"text": text, "clientId": str(uuid.uuid4())})
        if status in (200, 201):
            self.written.messages.append((self.token, conversation, text))

    async def buy(self):
        listing = self.market.popular_listing(self.rng)
        status, payload = await self.timed("buy", "POST", f"/api/v1/listings/{listing}/purchase", {"fulfillment": "pickup"})
        if status == 201:
            self.written.orders.append((self.token, json.loads(payload)["id"]))

    async def rent(self):
        if not self.market.rentable:
            return
        listing = self.rng.choice(self.market.rentable)
        start = time.time() + 86_400 * self.rng.randint(1, 300) + self.rng.randint(0, 23) * 3_600
        iso = lambda t: time.strftime("%Y-%m-%dT%H:00:00Z", time.gmtime(t))
        status, payload = await self.timed("rent", "POST", f"/api/v1/listings/{listing}/rentals",
                                           {"start": iso(start), "end": iso(start + 3 * 3_600)})
        if status == 201:
            self.written.orders.append((self.token, json.loads(payload)["id"]))

    async def list_item(self):
        status, payload = await self.timed("list_item", "POST", "/api/v1/listings", {
            "title": f"Desk lamp {self.rng.randint(1, 999)}", "description": "Works well, moving out.",
            "categories": ["furniture"], "condition": "good", "salePriceCents": self.rng.randint(5, 80) * 100})
        if status != 201:
            return
        listing = json.loads(payload)["id"]
        boundary = "----campus-peak"
        body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"IMG.jpg\"\r\n"
                f"Content-Type: image/jpeg\r\n\r\n").encode() + self.market.next_photo() + f"\r\n--{boundary}--\r\n".encode()
        status, _ = await self.timed("list_item_photo", "POST", f"/api/v1/listings/{listing}/photos", body,
                                     content_type=f"multipart/form-data; boundary={boundary}")
        self.written.listings.append(listing)
        self.market.student_listings.append((listing, self.number))


# The run ---------------------------------------------------------------------------------------
def cpu_seconds(pids):
    """User + system CPU of these processes so far."""
    total = 0
    for pid in pids:
        try:
            fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, IndexError):
            pass
    return total


def database_cpu():
    """PostgreSQL's CPU so far (the server of DATABASE_URL's port): its postmaster's own and its
    ended children's, and its live backends'. None on SQLite (it runs inside the server)."""
    url = os.environ.get("DATABASE_URL")
    if not url:
        return None
    port = re.search(r":(\d+)/", url)
    port = port.group(1) if port else "5432"
    for pid in (p for p in os.listdir("/proc") if p.isdigit() and _comm(p) == "postgres"):
        try:
            arguments = open(f"/proc/{pid}/cmdline").read().split("\0")
        except OSError:
            continue
        if "-p" in arguments and arguments[arguments.index("-p") + 1] == port:
            fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
            own = sum(int(f) for f in fields[11:15]) / os.sysconf("SC_CLK_TCK")
            children = [c for c in os.listdir("/proc") if c.isdigit() and _parent(c) == pid]
            return own + cpu_seconds(children)
    return None


def _parent(pid):
    try:
        return open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[1]
    except (OSError, IndexError):
        return None


def _comm(pid):
    try:
        return open(f"/proc/{pid}/comm").read().strip()
    except OSError:
        return ""


def rss_mb(pid):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0


def camera_photo():
    """A 4032 × 3024 JPEG that compresses like a photo (bench/phone.py's). Made before the
    deployment starts, so a missing module stops the run at once, not after the seeding."""
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        from phone import camera_photo
    except ImportError as error:
        raise SystemExit(f"bench/phone.py needs {error.name}: python3 -m pip install pillow selenium")
    return camera_photo(7)


def distinct_photo(jpeg, n):
    """`jpeg` made the `n`th photo of its own: one entry of its first quantization table changed, so
    its pixels (and its hash) differ and the server decodes and scales it as a new photo, as it
    would each student's (the same bytes twice are stored once)."""
    table = jpeg.index(b"\xff\xdb") + 5  # marker, length, precision and table number: then 64 entries
    entry = table + 1 + n % 63
    value = (jpeg[entry] + 1 + n // 63) % 255 + 1
    return jpeg[:entry] + bytes([value]) + jpeg[entry + 1:]


async def sign_up(port, count):
    students, connection = [], Connection(port)
    for n in range(count):
        status, payload = await connection.request("POST", "/api/v1/auth/register", {
            "email": f"student{n}-{uuid.uuid4().hex[:6]}@campus.edu", "password": "peak hour password", "name": f"Student {n}"})
        assert status == 201, payload[:300]
        body = json.loads(payload)
        students.append((body["token"], body.get("user", {}).get("id")))
    connection.close()
    return students


async def read_market(port, photo):
    connection, listings, rentable, words, cursor = Connection(port), [], [], {}, None
    for _ in range(20):  # the newest 2,000 listings: the ones students open
        status, payload = await connection.request("GET", "/api/v1/listings?limit=100" + (f"&cursor={cursor}" if cursor else ""))
        page = json.loads(payload)
        for item in page["items"]:
            listings.append(item["id"])
            if item.get("rentPriceCents"):
                rentable.append(item["id"])
            for word in re.findall(r"[a-z]{5,}", item["title"].lower()):
                words[word] = words.get(word, 0) + 1
        cursor = page.get("nextCursor")
        if not cursor:
            break
    connection.close()
    random.Random(3).shuffle(listings)  # popularity is not age
    common = [w for w, _ in sorted(words.items(), key=lambda kv: -kv[1])][:200]
    return Market(listings, rentable, common, photo)


async def run_level(port, accounts, level, seconds, market, written, seed):
    stats = Stats()
    until = time.monotonic() + seconds
    students = [Student(port, n, token, user_id, market, stats, written, random.Random(seed * 100_000 + n))
                for n, (token, user_id) in enumerate(accounts[:level])]
    # They arrive over the first tenth of the run, not all in one instant.
    async def arrive(student, n):
        await asyncio.sleep(seconds * 0.1 * n / level)
        await student.session(until)
    await asyncio.gather(*(arrive(s, n) for n, s in enumerate(students)))
    return stats


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p))] * 1000


def report(level, stats, seconds, cpu, rss):
    """Prints a level's table; `cpu` is core-seconds by process kind, `rss` MB by instance."""
    shares = ", ".join(f"{name} {used / seconds:.2f}" for name, used in cpu.items() if used is not None)
    print(f"\n{level} students, {seconds:.0f} s: cores busy: {shares}; server RSS "
          + ", ".join(f"{mb:.0f} MB" for mb in rss))
    print(f"| kind | count | per s | p50 ms | p99 ms | errors | 409 |")
    print(f"|---|---:|---:|---:|---:|---:|---:|")
    over = []  # the kinds whose p99 passed their limit
    for kind in sorted(stats.times):
        times = stats.times[kind]
        p99 = percentile(times, 0.99)
        if p99 > P99_LIMIT_MS_BY_KIND.get(kind, P99_LIMIT_MS):
            over.append(f"{kind} {p99:.0f} ms")
        print(f"| {kind} | {len(times)} | {len(times) / seconds:.1f} | {percentile(times, 0.5):.1f} | {p99:.1f} | "
              f"{stats.errors.get(kind, 0)} | {stats.conflicts.get(kind, 0)} |")
    if stats.statuses:
        print("errors by status:", ", ".join(f"{status or 'no answer'}: {n}" for status, n in sorted(stats.statuses.items())))
    return over, sum(stats.errors.values())


async def verify(port, written):
    """Every acknowledged write is there: messages in their conversations, orders, listings."""
    connection, lost = Connection(port), []
    by_conversation = {}
    for token, conversation, text in written.messages:
        by_conversation.setdefault((token, conversation), []).append(text)
    for (token, conversation), texts in by_conversation.items():
        status, payload = await connection.request("GET", f"/api/v1/conversations/{conversation}/messages?limit=100", token=token)
        stored = {m["text"] for m in json.loads(payload).get("items", [])} if status == 200 else set()
        lost += [t for t in texts if t not in stored]
    for token, order in written.orders:
        status, _ = await connection.request("GET", f"/api/v1/orders/{order}", token=token)
        if status != 200:
            lost.append(f"order {order}")
    for listing in written.listings:
        status, _ = await connection.request("GET", f"/api/v1/listings/{listing}")
        if status != 200:
            lost.append(f"listing {listing}")
    connection.close()
    return lost


async def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--levels", default="250,500,1000,2000")
    parser.add_argument("--seconds", type=float, default=120)
    parser.add_argument("--listings", type=int, default=10_000)
    parser.add_argument("--instances", type=int, default=1, choices=[1, 2])
    args = parser.parse_args()
    levels = [int(x) for x in args.levels.split(",")]
    if not BINARY.exists():
        raise SystemExit(f"no server binary at {BINARY}: swift build -c release --product campusmarket")
    # Up to three sockets a student here (the stream, the requests, answers); the server and nginx have limits of their own.
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    if hard < 3 * max(levels) + 1000:
        raise SystemExit(f"open files are limited to {hard}: {max(levels)} students need {3 * max(levels) + 1000}")

    photo = camera_photo()
    deployment = Deployment(args.instances, args.listings, max(levels))
    try:
        port = await deployment.start()
        database = "PostgreSQL" if os.environ.get("DATABASE_URL") else "SQLite"
        shape = "one instance" if args.instances == 1 else f"{args.instances} instances behind nginx, photos in the S3 stand-in"
        print(f"campus peak on {database}, {shape}: {args.listings} listings, think time {THINK_SECONDS} s, "
              f"levels {levels}", file=sys.stderr)
        accounts = await sign_up(port, max(levels))
        for name, target in [("entry", port)] + ([(f"instance {n}", p) for n, p in enumerate(deployment.ports)] if args.instances > 1 else []):
            print(f"/healthz, {name}: {healthz(target)}")
        market = await read_market(port, photo)
        written = Written()
        for n, level in enumerate(levels):
            before, own_before = deployment.cpu(), time.process_time()
            started = time.monotonic()
            stats = await run_level(port, accounts, level, args.seconds, market, written, n)
            elapsed = time.monotonic() - started
            used = {name: (after - before[name] if after is not None else None) for name, after in deployment.cpu().items()}
            used["generator"] = time.process_time() - own_before
            over, errors = report(level, stats, elapsed, used, deployment.rss())
            if over or errors:
                print(f"\nstopped at {level} students: " + (f"{errors} errors" if errors else "p99 over its limit: " + ", ".join(over)))
                break
        lost = await verify(port, written)
        print(f"\nacknowledged: {len(written.messages)} messages, {len(written.orders)} orders, {len(written.listings)} listings; "
              f"lost: {len(lost)}" + (f" ({lost[:5]})" if lost else ""))
    finally:
        deployment.stop()


class Deployment:
    """What the students reach: one instance, or two behind deploy/nginx.conf with photos in the
    S3 stand-in (PostgreSQL only: instances share nothing else)."""

    def __init__(self, instances, listings, students):
        self.count, self.listings, self.students = instances, listings, students
        self.data = Path(tempfile.mkdtemp(prefix="cm-campus-peak-"))
        self.servers, self.helpers, self.nginx, self.ports = [], [], None, []
        self.env = dict(os.environ, DATA_DIR=str(self.data), BCRYPT_COST="4", SIGNUP_BY_MAIL="off",
                        REGISTRATIONS_PER_ADDRESS="100000", LOG_LEVEL="warning")

    async def start(self):
        if self.count > 1:
            if not os.environ.get("DATABASE_URL"):
                raise SystemExit("several instances share one PostgreSQL: set DATABASE_URL")
            import bucket
            helpers, settings = bucket.start()
            self.helpers += helpers
            self.env.update(settings, TRUST_FORWARDED_FOR="true")
        subprocess.run([str(BINARY), "seed", "--listings", str(self.listings), "--users", str(self.listings // 50 + 10),
                        "--seed", "1", "--photos", "0"], env=self.env, check=True, stdout=subprocess.DEVNULL)
        if os.environ.get("DATABASE_URL"):
            # As bench/lib.sh does: a market built in seconds leaves its text indexes' pending lists
            # full, no statistics and its pages unmarked, which autovacuum would otherwise work through
            # during the first level (every search read the pending list: p99s of 4–12 s at 1,000 students).
            subprocess.run([str(ROOT / "bench" / "settle-postgres.sh"), os.environ["DATABASE_URL"]], check=True)
        ports = self.ports = [free_port() for _ in range(self.count)]
        for index, port in enumerate(ports):
            directory = self.data / f"instance{index}"
            directory.mkdir()
            env = dict(self.env, DATA_DIR=str(directory)) if self.count > 1 else self.env
            log = open(directory / "server.log", "w")
            self.servers.append(subprocess.Popen([str(BINARY), "serve", "--hostname", "127.0.0.1", "--port", str(port)],
                                                 env=env, stdout=log, stderr=subprocess.STDOUT))
            await wait_for_health(port)
        if self.count == 1:
            return ports[0]
        sys.path.insert(0, str(ROOT / "scripts"))
        import local_nginx
        proxy = free_port()
        # Each student holds two connections to nginx, and nginx one to an instance for the stream
        # (the requests share a few kept ones).
        self.nginx = local_nginx.start(self.data, ports, proxy, free_port(), worker_connections=3 * self.students + 1000)
        await wait_for_health(proxy)
        return proxy

    def cpu(self):
        """Core-seconds so far: the instances', nginx's (master and worker), PostgreSQL's, the S3 stand-in's."""
        used = {"server": cpu_seconds([s.pid for s in self.servers])}
        if self.nginx:
            used["nginx"] = cpu_seconds([self.nginx.pid] + [c for c in os.listdir("/proc") if c.isdigit() and _parent(c) == str(self.nginx.pid)])
        used["database"] = database_cpu()
        if self.helpers:
            used["S3 stand-in"] = cpu_seconds([h.pid for h in self.helpers])
        return used

    def rss(self):
        return [rss_mb(s.pid) for s in self.servers]

    def stop(self):
        for process in ([self.nginx] if self.nginx else []) + self.servers + self.helpers:
            process.send_signal(signal.SIGTERM)
        for process in ([self.nginx] if self.nginx else []) + self.servers + self.helpers:
            process.wait(30)


def healthz(port, seconds=5, connections=32):
    """`/healthz` at 32 connections (wrk): the machine's speed in this run, the yardstick of
    docs/benchmarks.md, e.g. "9,870 req/s, p50 2.9 ms, p99 7.1 ms"."""
    output = subprocess.run(["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--latency", f"http://127.0.0.1:{port}/healthz"],
                            capture_output=True, text=True, check=True).stdout
    return (f"{requests_per_second(output):,.0f} req/s at {connections} connections, "
            f"p50 {latency_ms(output, '50%'):.2f} ms, p99 {latency_ms(output, '99%'):.2f} ms")


async def wait_for_health(port):
    for _ in range(300):
        try:
            if (await Connection(port).request("GET", "/healthz"))[0] == 200:
                return
        except OSError:
            await asyncio.sleep(0.1)
    raise SystemExit(f"nothing answered /healthz on port {port}")


if __name__ == "__main__":
    asyncio.run(main())
