#!/usr/bin/env python3
"""Live events benchmark (release build), two runs:

  bench/events.py latency   two server processes on one PostgreSQL (DATABASE_URL, or one
                            started with scripts/start-postgres.sh): 1,000 messages sent
                            through instance A, read from an event stream on instance B;
                            PostgreSQL is restarted half-way. Reports delivery p50/p99 and
                            that no message was lost or repeated.
  bench/events.py load      one instance (SQLite unless DATABASE_URL is set) with 1,000 open
                            event streams while messages flow; reports server RSS, the server's
                            CPU while the streams sit idle, and delivery p50/p99.
                            --streams N (10,000: one instance's target), --people N (recipients,
                            streams/10 by default), --messages N, --rate N (messages a second,
                            sent side by side; one after another by default). Also the
                            server's CPU while they flow. CAMPUSMARKET_BIN: another build.

Times are measured here, on one machine: from just before a send to the moment its event is
read from the stream.
"""
import asyncio, json, os, resource, signal, statistics, subprocess, sys, tempfile, time, uuid
from pathlib import Path

from ports import free_port

ROOT = Path(__file__).resolve().parents[1]
BINARY = Path(os.environ.get("CAMPUSMARKET_BIN", ROOT / ".build" / "release" / "campusmarket"))


async def http(port, method, path, body=None, token=None):
    """One JSON request on a fresh connection; returns (status, parsed body)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    data = json.dumps(body).encode() if body is not None else b""
    head = f"{method} {path} HTTP/1.1\r\nHost: bench\r\nConnection: close\r\nContent-Length: {len(data)}\r\n"
    if body is not None:
        head += "Content-Type: application/json\r\n"
    if token:
        head += f"Authorization: Bearer {token}\r\n"
    writer.write(head.encode() + b"\r\n" + data)
    await writer.drain()
    raw = await reader.read()
    writer.close()
    header, _, payload = raw.partition(b"\r\n\r\n")
    status = int(header.split(b" ")[1])
    if b"chunked" in header.lower():
        chunks, rest = [], payload
        while rest:
            size, _, rest = rest.partition(b"\r\n")
            n = int(size, 16)
            if n == 0:
                break
            chunks.append(rest[:n])
            rest = rest[n + 2:]
        payload = b"".join(chunks)
    return status, (json.loads(payload) if payload.strip() else None)


class Stream:
    """An SSE reader: records when each message event arrives."""

    def __init__(self, port, token):
        self.port, self.token, self.arrivals, self.ready = port, token, {}, asyncio.Event()
        self.counts = {}

    async def run(self):
        last_id = None
        while True:
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
                head = f"GET /api/v1/events HTTP/1.1\r\nHost: bench\r\nAuthorization: Bearer {self.token}\r\n"
                if last_id:
                    head += f"Last-Event-ID: {last_id}\r\n"
                writer.write((head + "\r\n").encode())
                await writer.drain()
                event, data, ident = None, None, None
                while True:
                    line = await reader.readline()
                    if not line:
                        break
                    line = line.decode().rstrip("\r\n")
                    if line.startswith("id: "):
                        ident = line[4:]
                    elif line.startswith("event: "):
                        event = line[7:]
                    elif line.startswith("data: "):
                        data = line[6:]
                    elif line == "" and event:
                        if ident:
                            last_id = ident
                        if event in ("ready", "resync"):
                            self.ready.set()
                        elif event == "message":
                            text = json.loads(data)["text"]
                            self.counts[text] = self.counts.get(text, 0) + 1
                            self.arrivals.setdefault(text, time.perf_counter())
                        event, data, ident = None, None, None
            except (ConnectionError, OSError):
                pass
            await asyncio.sleep(0.5)


def start(port, env, log):
    return subprocess.Popen([str(BINARY), "serve", "--port", str(port)], cwd=ROOT, env=env,
                            stdout=log, stderr=subprocess.STDOUT)


async def healthy(port):
    for _ in range(300):
        try:
            if (await http(port, "GET", "/healthz"))[0] == 200:
                return
        except OSError:
            pass
        await asyncio.sleep(0.1)
    raise SystemExit(f"server on port {port} did not start")


async def person(port, name):
    status, body = await http(port, "POST", "/api/v1/auth/register",
                              {"email": f"{name}-{uuid.uuid4().hex[:8]}@campus.edu", "password": "benchmark password", "name": name})
    assert status == 201, body
    return body["token"]


async def conversation(port, seller, buyer, title):
    status, listing = await http(port, "POST", "/api/v1/listings",
                                 {"title": title, "description": "bench", "categories": ["furniture"], "condition": "good", "salePriceCents": 100},
                                 token=seller)
    assert status == 201, listing
    status, conv = await http(port, "POST", f"/api/v1/listings/{listing['id']}/conversations", token=buyer)
    assert status == 201, conv
    return conv["id"]


async def send(port, token, conv, text):
    """Sends until stored (a send cut off by a restart is retried with the same clientId)."""
    sent = time.perf_counter()
    for _ in range(600):
        try:
            status, _ = await http(port, "POST", f"/api/v1/conversations/{conv}/messages", {"text": text, "clientId": text}, token=token)
            if status in (200, 201):
                ACKED[text] = time.perf_counter()
                return sent
        except OSError:
            pass
        await asyncio.sleep(0.05)
    raise SystemExit(f"could not send {text}")


# When each send was acknowledged: delivery minus this is the fan-out alone.
ACKED = {}


def percentiles(latencies):
    ordered = sorted(latencies)
    return statistics.median(ordered) * 1000, ordered[int(len(ordered) * 0.99) - 1] * 1000


async def latency(count=1000):
    url = os.environ.get("DATABASE_URL")
    if not url:
        raise SystemExit("set DATABASE_URL (scripts/start-postgres.sh prints one)")
    data = tempfile.mkdtemp(prefix="cm-bench-events-")
    env = dict(os.environ, DATA_DIR=data, BCRYPT_COST="4", REGISTRATIONS_PER_ADDRESS="100000", LOG_LEVEL="warning", MESSAGES_PER_MINUTE="10000",
               DATABASE_SCHEMA=f"bench_{uuid.uuid4().hex[:8]}")
    ports = [free_port(), free_port()]
    log = open(Path(data) / "servers.log", "w")
    a = start(ports[0], env, log)
    await healthy(ports[0])
    b = start(ports[1], dict(env, AUTO_MIGRATE="false"), log)
    await healthy(ports[1])
    try:
        seller, buyer = await person(ports[0], "Seller"), await person(ports[0], "Buyer")
        conv = await conversation(ports[0], seller, buyer, "Bench lamp")
        stream = Stream(ports[1], seller)
        reader = asyncio.create_task(stream.run())
        await stream.ready.wait()
        sent, restart = {}, None
        for n in range(count):
            if n == count // 2:
                began = time.perf_counter()
                subprocess.run([str(ROOT / "scripts" / "restart-postgres.sh")], check=True, stdout=subprocess.DEVNULL)
                restart = (began, time.perf_counter())
                print(f"PostgreSQL restarted after message {n} ({(restart[1] - began) * 1000:.0f} ms)", file=sys.stderr)
            text = f"m{n}"
            sent[text] = await send(ports[0], buyer, conv, text)
            # One message at a time, each after the previous one arrived: the figure is the
            # latency of one delivery, not of a queue building up behind a sequential sender.
            wait_until = time.time() + 10
            while text not in stream.arrivals and time.time() < wait_until:
                await asyncio.sleep(0.0005)
        deadline = time.time() + 30
        while len(stream.arrivals) < count and time.time() < deadline:
            await asyncio.sleep(0.05)
        reader.cancel()
        delays = {t: stream.arrivals[t] - sent[t] for t in sent if t in stream.arrivals}
        # Messages sent in the 2 s after the restart may wait for B's LISTEN connection to come
        # back (backoff up to 2 s) and catch up: they measure recovery, not delivery.
        recovering = {t for t in delays if restart and restart[1] <= sent[t] < restart[1] + 2}
        all50, all99 = percentiles(list(delays.values()))
        steady = [d for t, d in delays.items() if t not in recovering]
        p50, p99 = percentiles(steady)
        fanout50, fanout99 = percentiles([stream.arrivals[t] - ACKED[t] for t in delays if t not in recovering])
        worst_recovery = max((delays[t] for t in recovering), default=0) * 1000
        lost = count - len(stream.arrivals)
        repeated = sum(1 for c in stream.counts.values() if c > 1)
        print(f"messages={count} delivered={len(stream.arrivals)} lost={lost} repeated={repeated} "
              f"all_p50_ms={all50:.2f} all_p99_ms={all99:.2f} steady={len(steady)} p50_ms={p50:.2f} p99_ms={p99:.2f} max_ms={max(steady) * 1000:.1f} "
              f"after_ack_p50_ms={fanout50:.2f} after_ack_p99_ms={fanout99:.2f} "
              f"after_restart={len(recovering)} worst_after_restart_ms={worst_recovery:.0f}")
    finally:
        for process in (a, b):
            process.terminate()
            process.wait(10)


def rss_mb(pid):
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def cpu_seconds(pid):
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def load(streams=1000, people=100, messages=1000, rate=0.0, idle_seconds=30.0):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 65536), hard))
    # A socket a stream here, and one in the server (a process with a limit of its own).
    if min(hard, 65536) < streams + 1000:
        raise SystemExit(f"open files are limited to {hard}: {streams} streams need {streams + 1000}")
    data = tempfile.mkdtemp(prefix="cm-bench-events-")
    env = dict(os.environ, DATA_DIR=data, BCRYPT_COST="4", REGISTRATIONS_PER_ADDRESS="100000", LOG_LEVEL="warning", MESSAGES_PER_MINUTE="10000",
               CONVERSATIONS_PER_HOUR="10000")
    if env.get("DATABASE_URL"):
        env["DATABASE_SCHEMA"] = f"bench_{uuid.uuid4().hex[:8]}"
    port = free_port()
    log = open(Path(data) / "server.log", "w")
    server = start(port, env, log)
    await healthy(port)
    try:
        idle_rss = rss_mb(server.pid)
        sender = await person(port, "Sender")
        # `people` sellers, each with 1000/people open streams (phones, laptops, tabs).
        sellers = [await person(port, f"Seller{n}") for n in range(people)]
        conversations = [await conversation(port, seller, sender, f"Item {n}") for n, seller in enumerate(sellers)]
        readers = [Stream(port, sellers[n % people]) for n in range(streams)]
        tasks = []
        for n, reader in enumerate(readers):  # opened a hundred at a time, as tabs come and go
            tasks.append(asyncio.create_task(reader.run()))
            if n % 100 == 99:
                await asyncio.gather(*(r.ready.wait() for r in readers[n - 99:n + 1]))
        await asyncio.gather(*(r.ready.wait() for r in readers))
        open_rss = rss_mb(server.pid)
        # Open and idle: what the streams cost with nothing to say (their heartbeats).
        idle_before = cpu_seconds(server.pid)
        await asyncio.sleep(idle_seconds)
        idle_cores = (cpu_seconds(server.pid) - idle_before) / idle_seconds
        sent = {}
        flow_before = cpu_seconds(server.pid)
        started = time.perf_counter()
        if rate > 0:  # at a steady rate, each send on its own connection, as many clients would
            async def one(n):
                await asyncio.sleep(n / rate)
                sent[f"load{n}"] = await send(port, sender, conversations[n % people], f"load{n}")
            await asyncio.gather(*(one(n) for n in range(messages)))
        else:
            for n in range(messages):
                text = f"load{n}"
                sent[text] = await send(port, sender, conversations[n % people], text)
        duration = time.perf_counter() - started
        flow_cores = (cpu_seconds(server.pid) - flow_before) / duration
        deadline = time.time() + 30
        expected = streams // people
        while time.time() < deadline and any(len(r.arrivals) < messages // people for r in readers):
            await asyncio.sleep(0.1)
        latencies = [r.arrivals[t] - sent[t] for r in readers for t in r.arrivals if t in sent]
        p50, p99 = percentiles(latencies)
        peak_rss = rss_mb(server.pid)
        for task in tasks:
            task.cancel()
        print(f"streams={streams} messages={messages} ({messages / duration:.0f}/s) deliveries={len(latencies)} of {messages * expected} "
              f"p50_ms={p50:.2f} p99_ms={p99:.2f} rss_idle_mb={idle_rss:.0f} rss_streams_open_mb={open_rss:.0f} rss_after_mb={peak_rss:.0f} "
              f"idle_server_cores={idle_cores:.3f} flow_server_cores={flow_cores:.3f}")
    finally:
        server.terminate()
        server.wait(10)


if __name__ == "__main__":
    mode = sys.argv[1] if len(sys.argv) > 1 else ""
    if mode not in ("latency", "load"):
        raise SystemExit(__doc__)
    options = dict(zip(sys.argv[2::2], sys.argv[3::2]))  # load: --streams N --people N --messages N --rate PER_SECOND
    unknown = set(options) - {"--streams", "--people", "--messages", "--rate"}
    if unknown:
        raise SystemExit(f"unknown options {sorted(unknown)}\n{__doc__}")
    if not BINARY.exists() or os.environ.get("BENCH_SKIP_BUILD") != "1" and "CAMPUSMARKET_BIN" not in os.environ:
        subprocess.run(["swift", "build", "-c", "release", "--product", "campusmarket"], cwd=ROOT, check=True)
    streams = int(options.get("--streams", 1000))
    asyncio.run(latency() if mode == "latency" else
                load(streams=streams, people=int(options.get("--people", max(100, streams // 10))),
                     messages=int(options.get("--messages", 1000)), rate=float(options.get("--rate", 0))))
