#!/usr/bin/env python3
"""A phone on a real network with camera photos (release build, SQLite):

  bench/phone.py            seeds a seller with twelve camera photos (4032 × 3024 JPEG, 1–3 MB,
                            made here with Pillow), then opens the feed and a listing in headless
                            Chromium as a 390 × 844 phone at device pixel ratio 3 on Lighthouse's
                            mobile preset: Slow 4G (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s
                            up) and a CPU four times slower. Cold cache, three loads each. Reports
                            Largest Contentful Paint, Cumulative Layout Shift and the image bytes,
                            first with the originals (the photos' rows in `photo_files` removed, as
                            before copies existed), then after `campusmarket photos backfill`; and
                            that a laptop (1440 px, DPR 2) gets a photo as wide as it draws it.
  bench/phone.py uploads    a 12-megapixel JPEG upload's p50/p99 (40 uploads one at a time) and the
                            server's peak memory while ten are uploaded at once.
  bench/phone.py uploads --bucket-rtt 20   the same with the photos in the S3 stand-in, reached
                            across a link of that round trip in ms (bench/bucket.py).
  bench/phone.py screenshots  the feed and the listing with those photos on the phone, unthrottled,
                            into docs/screenshots/ (phone-feed-photos.png, phone-listing-photos.png).

The figures come from Chromium itself (PerformanceObserver for `largest-contentful-paint` and
`layout-shift`, Resource Timing for bytes), throttled through the DevTools protocol
(`Network.emulateNetworkConditions`, `Emulation.setCPUThrottlingRate`).
"""
import concurrent.futures, io, json, os, random, shutil, sqlite3, statistics, subprocess, sys, tempfile, time
import urllib.request
from pathlib import Path

from ports import free_port

from PIL import Image, ImageDraw
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

ROOT = Path(__file__).resolve().parents[1]
BINARY = Path(os.environ.get("CAMPUSMARKET_BIN", ROOT / ".build" / "release" / "campusmarket"))
SLOW_4G = {"offline": False, "latency": 150, "downloadThroughput": 1_600_000 / 8, "uploadThroughput": 750_000 / 8}
OBSERVE = """
window.__lcp = 0; window.__cls = 0;
new PerformanceObserver(list => { for (const e of list.getEntries()) window.__lcp = e.startTime; })
  .observe({type: 'largest-contentful-paint', buffered: true});
new PerformanceObserver(list => { for (const e of list.getEntries()) if (!e.hadRecentInput) window.__cls += e.value; })
  .observe({type: 'layout-shift', buffered: true});
"""


def camera_photo(seed):
    """A 4032 × 3024 JPEG that compresses like a photo (shapes, gradients, sensor grain): 1–3 MB."""
    rnd = random.Random(seed)
    w, h = 4032, 3024
    small = Image.new("RGB", (w // 16, h // 16))
    draw = ImageDraw.Draw(small)
    for y in range(h // 16):
        draw.line([(0, y), (w // 16, y)], fill=(rnd.randint(0, 40) + y // 2, 90 + y // 3, 160 - y // 3))
    for _ in range(30):
        x, y, r = rnd.randint(0, w // 16), rnd.randint(0, h // 16), rnd.randint(5, 60)
        draw.ellipse([x - r, y - r, x + r, y + r], fill=(rnd.randint(0, 255), rnd.randint(0, 255), rnd.randint(0, 255)))
    image = Image.blend(small.resize((w, h), Image.BICUBIC), Image.effect_noise((w, h), 24).convert("RGB"), 0.12)
    out = io.BytesIO()
    image.save(out, "JPEG", quality=90)
    return out.getvalue()


class Server:
    def __init__(self):
        self.data = tempfile.mkdtemp(prefix="cm-phone-")
        self.port = free_port()
        env = dict(os.environ, DATA_DIR=self.data, BCRYPT_COST="4", SIGNUP_BY_MAIL="off", REGISTRATIONS_PER_ADDRESS="100000",
                   LOG_LEVEL="warning")
        self.env = env
        self.process = subprocess.Popen([str(BINARY), "serve", "--port", str(self.port)], env=env,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.base = f"http://127.0.0.1:{self.port}"
        for _ in range(200):
            try:
                urllib.request.urlopen(self.base + "/healthz")
                return
            except OSError:
                time.sleep(0.1)
        raise SystemExit("the server did not start")

    def request(self, method, path, body=None, token=None, content_type="application/json"):
        data = json.dumps(body).encode() if isinstance(body, dict) else body
        request = urllib.request.Request(self.base + path, data=data, method=method)
        if body is not None:
            request.add_header("Content-Type", content_type)
        if token:
            request.add_header("Authorization", "Bearer " + token)
        with urllib.request.urlopen(request) as response:
            return json.loads(response.read() or b"null")

    def account(self, n):
        answer = self.request("POST", "/api/v1/auth/register",
                              {"name": f"Seller {n}", "email": f"seller{n}@campus.edu", "password": "correct horse battery"})
        return answer["token"]

    def listing(self, token, title):
        return self.request("POST", "/api/v1/listings", {"title": title, "categories": ["furniture"], "condition": "good",
                                                         "salePriceCents": 4500}, token)["id"]

    def upload(self, token, listing, jpeg):
        boundary = "----phone-bench"
        body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"IMG.jpg\"\r\n"
                f"Content-Type: image/jpeg\r\n\r\n").encode() + jpeg + f"\r\n--{boundary}--\r\n".encode()
        return self.request("POST", f"/api/v1/listings/{listing}/photos", body, token, f"multipart/form-data; boundary={boundary}")

    def peak_rss_mb(self):
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024

    def cpu_seconds(self):
        """The server's user and system CPU so far."""
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self):
        self.process.terminate()
        self.process.wait()
        shutil.rmtree(self.data, ignore_errors=True)


def chromium(width, height, ratio):
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", f"--window-size={width},{height}"):
        options.add_argument(argument)
    options.add_experimental_option("mobileEmulation", {"deviceMetrics": {"width": width, "height": height, "pixelRatio": ratio}})
    binary = shutil.which("chromium") or shutil.which("google-chrome")
    if binary:
        options.binary_location = binary
    return webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=options)


def measure(url, throttled=True):
    """One cold load of `url` on the phone: LCP (ms), CLS, image bytes, all bytes."""
    driver = chromium(390, 844, 3)
    try:
        driver.execute_cdp_cmd("Network.enable", {})
        driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
        if throttled:
            driver.execute_cdp_cmd("Network.emulateNetworkConditions", SLOW_4G)
            driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 4})
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": OBSERVE})
        driver.set_page_load_timeout(180)
        driver.get(url)
        time.sleep(3)  # what loads after the load event (nothing lazy is in view) and the last paints
        return driver.execute_script("""
            const resources = performance.getEntriesByType('resource');
            const nav = performance.getEntriesByType('navigation')[0];
            const images = resources.filter(r => r.initiatorType === 'img');
            return [window.__lcp, window.__cls, images.reduce((s, r) => s + r.transferSize, 0),
                    resources.reduce((s, r) => s + r.transferSize, 0) + nav.transferSize, images.length];""")
    finally:
        driver.quit()


def laptop_sharpness(url):
    driver = chromium(1440, 900, 2)
    try:
        driver.get(url)
        time.sleep(1)
        return driver.execute_script("""const img = document.querySelector('.gallery img');
            return [img.currentSrc.split('/').pop(), img.naturalWidth, img.getBoundingClientRect().width * 2];""")
    finally:
        driver.quit()


def seed_photos(server):
    """Twelve camera photos: eight on one listing, one each on four more. The pages to open."""
    photos = [camera_photo(seed) for seed in range(12)]
    print(f"photos: 12 camera JPEGs, {min(map(len, photos)) / 1e6:.1f}–{max(map(len, photos)) / 1e6:.1f} MB, "
          f"{sum(map(len, photos)) / 1e6:.1f} MB in all")
    token = server.account(1)
    featured = server.listing(token, "Walnut bookshelf, five shelves")
    for photo in photos[:8]:
        server.upload(token, featured, photo)
    for index, photo in enumerate(photos[8:]):
        server.upload(token, server.listing(token, f"Desk lamp no. {index + 1}"), photo)
    return {"feed": server.base + "/", "listing": server.base + f"/listings/{featured}"}


def screenshots_run():
    server = Server()
    try:
        pages = seed_photos(server)
        out = ROOT / "docs" / "screenshots"
        for name, url in pages.items():
            driver = chromium(390, 844, 3)
            try:
                driver.get(url)
                time.sleep(2)
                driver.save_screenshot(str(out / f"phone-{name}-photos.png"))
            finally:
                driver.quit()
        print("docs/screenshots/phone-feed-photos.png, phone-listing-photos.png")
    finally:
        server.stop()


def phone_run():
    server = Server()
    try:
        pages = seed_photos(server)

        def table(label):
            print(f"\n{label}")
            print("| page | LCP p50 (ms) | LCP runs | CLS | images (KB) | images fetched | all bytes (KB) |")
            print("|---|---|---|---|---|---|---|")
            for name, url in pages.items():
                runs = [measure(url) for _ in range(3)]
                lcps = sorted(run[0] for run in runs)
                print(f"| {name} | {statistics.median(lcps):,.0f} | {', '.join(f'{v:,.0f}' for v in lcps)} | "
                      f"{max(run[1] for run in runs):.3f} | {runs[0][2] / 1024:,.0f} | {runs[0][4]} | {runs[0][3] / 1024:,.0f} |")

        # Before: as a photo stored before copies existed (no row in photo_files: the original is served).
        database = sqlite3.connect(Path(server.data) / "campusmarket.sqlite")
        saved = database.execute("SELECT * FROM photo_files").fetchall()
        database.execute("DELETE FROM photo_files")
        database.commit()
        table("originals (as before: no copies recorded)")
        database.close()
        backfill = subprocess.run([str(BINARY), "photos", "backfill"], env=server.env, capture_output=True, text=True)
        print(f"\n`campusmarket photos backfill`: {backfill.stdout.strip().splitlines()[-1]} ({len(saved)} recorded before)")
        table("copies (srcset and sizes)")
        name, natural, needed = laptop_sharpness(pages["listing"])
        print(f"\nlaptop 1440 px at DPR 2: the listing's photo is {name}, {natural} px wide for {needed:.0f} device pixels drawn")
    finally:
        server.stop()


def uploads_run():
    rtt = float(sys.argv[sys.argv.index("--bucket-rtt") + 1]) if "--bucket-rtt" in sys.argv else None
    helpers = []
    if rtt is not None:
        import bucket
        helpers, settings = bucket.start(rtt)
        os.environ.update(settings)
        print(f"photos in the S3 stand-in, {rtt:g} ms away")
    try:
        uploads(Server())
    finally:
        for helper in helpers:
            helper.kill()


def uploads(server):
    try:
        base = camera_photo(99)
        image = Image.open(io.BytesIO(base))

        def variant(n):  # a distinct photo each time (identical bytes are stored once and not decoded again)
            copy = image.copy()
            ImageDraw.Draw(copy).rectangle([n * 7, 0, n * 7 + 6, 6], fill=(n % 256, 0, 0))
            out = io.BytesIO()
            copy.save(out, "JPEG", quality=90)
            return out.getvalue()

        photos = [variant(n) for n in range(50)]
        print(f"uploads: 12-megapixel JPEGs of {statistics.mean(map(len, photos)) / 1e6:.1f} MB")
        tokens = [server.account(n) for n in range(1, 8)]
        listings = [(token, server.listing(token, f"Lamp {n}")) for n, token in enumerate(tokens * 2)]
        times = []
        cpu_before = server.cpu_seconds()
        for n in range(40):
            token, listing = listings[n // 8]
            start = time.perf_counter()
            server.upload(token, listing, photos[n])
            times.append((time.perf_counter() - start) * 1000)
        cpu = (server.cpu_seconds() - cpu_before) / 40
        times.sort()
        rss_before = server.peak_rss_mb()
        print(f"one at a time: p50 {statistics.median(times):.0f} ms, p99 {times[int(len(times) * 0.99) - 1]:.0f} ms "
              f"(max {times[-1]:.0f}); server CPU {cpu * 1000:.0f} ms an upload; peak RSS so far {rss_before:.0f} MB")
        token, listing = listings[5]
        other_token, other = listings[6]
        with concurrent.futures.ThreadPoolExecutor(10) as pool:
            start = time.perf_counter()
            list(pool.map(lambda n: server.upload(*(listings[5] if n < 5 else listings[6]), photos[40 + n]), range(10)))
            elapsed = time.perf_counter() - start
        print(f"ten at once: all done in {elapsed * 1000:.0f} ms; server peak RSS {server.peak_rss_mb():.0f} MB")
    finally:
        server.stop()


if __name__ == "__main__":
    if not BINARY.exists():
        raise SystemExit(f"no release build at {BINARY}: run `swift build -c release --product campusmarket`")
    {"uploads": uploads_run, "screenshots": screenshots_run}.get(sys.argv[1] if sys.argv[1:] else "", phone_run)()
