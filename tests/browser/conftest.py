"""Browser tests: a real server process, real Chromium through Selenium.

Each test signs people up in their own browser sessions, as a new user would. Every page a
JavaScript-enabled session shows is checked with axe-core (no serious or critical violation),
and its HTML is kept for the Nu HTML checker (test_zz_html_is_valid.py, run last).
"""
import email
import json
import os
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest
from aiosmtpd.controller import Controller
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

from pages import Browser

ROOT = Path(__file__).resolve().parents[2]
# Each run its own (BROWSER_HTML_DIR, BROWSER_SCREENSHOTS), so two runs can go side by side (CI
# runs the SQLite and PostgreSQL suites at once).
HTML_DIR = Path(os.environ.get("BROWSER_HTML_DIR", Path(tempfile.gettempdir()) / "campusmarket-browser-html"))
SCREENSHOTS = Path(os.environ.get("BROWSER_SCREENSHOTS", ROOT / "docs" / "screenshots"))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Mailbox:
    """What a real SMTP server (aiosmtpd) received from the CampusMarket server."""

    def __init__(self):
        self.messages = []

    async def handle_DATA(self, server, session, envelope):
        self.messages.append(email.message_from_bytes(envelope.content))
        return "250 OK"

    def text_of(self, message):
        return message.get_payload(decode=True).decode("utf-8")

    def wait_for_mail_to(self, address, containing, after, seconds=15):
        """The first mail to `address` whose text holds `containing`, among those after the first
        `after`: the servers of other tests share this mailbox, and their mails (alerts, digests)
        may come between a test's own."""
        deadline = time.time() + seconds
        while True:
            for message in self.messages[after:]:
                if address in (message["To"] or "") and not message.is_multipart() and containing in self.text_of(message):
                    return message
            assert time.time() < deadline, f"no mail to {address} holding {containing!r} after the first {after}"
            time.sleep(0.05)


@pytest.fixture(scope="session")
def mailbox():
    box = Mailbox()
    box.port = free_port()
    controller = Controller(box, hostname="127.0.0.1", port=box.port)
    controller.start()
    yield box
    controller.stop()


class RunningServer:
    """A `campusmarket serve` process and the environment it runs with (for operator commands)."""

    def __init__(self, base, env, process, log, data):
        self.base, self.env, self.process, self.log, self.data = base, env, process, log, data

    def go_away(self):
        """The network is gone, as far as a browser can tell: nothing answers at the address (killed:
        a graceful stop would wait for the page's open event stream)."""
        self.process.kill()
        self.process.wait(10)

    def come_back(self):
        """The same server again, on its address and its data."""
        port = self.base.rsplit(":", 1)[1]
        binary = os.environ.get("CAMPUSMARKET_BIN", str(ROOT / ".build" / "debug" / "campusmarket"))
        self.process = subprocess.Popen([binary, "serve", "--port", port], cwd=ROOT, env=self.env, stdout=self.log, stderr=subprocess.STDOUT)
        wait_until_up(self.base, self.process, self.data)

    def run(self, *arguments):
        """`campusmarket <arguments>` as the operator runs it, on this server's database."""
        binary = os.environ.get("CAMPUSMARKET_BIN", str(ROOT / ".build" / "debug" / "campusmarket"))
        done = subprocess.run([binary, *arguments], cwd=ROOT, env=self.env, capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        return done.stdout


def start_server(mailbox, schema=None, **extra):
    binary = os.environ.get("CAMPUSMARKET_BIN", str(ROOT / ".build" / "debug" / "campusmarket"))
    data = tempfile.mkdtemp(prefix="cm-browser-")
    port = free_port()
    env = dict(os.environ, DATA_DIR=data, BCRYPT_COST="4", LOG_LEVEL="warning", REPORTER_MIN_AGE_MINUTES="0", REGISTRATIONS_PER_ADDRESS="100000",
               SMTP_URL=f"smtp://127.0.0.1:{mailbox.port}", PUBLIC_URL=f"http://localhost:{port}", **extra)
    if os.environ.get("BROWSER_DATABASE_URL"):
        env["DATABASE_URL"] = os.environ["BROWSER_DATABASE_URL"]
        if schema:  # a second server on the same PostgreSQL database keeps to its own schema
            env["DATABASE_SCHEMA"] = schema
    log = open(Path(data) / "server.log", "w")
    process = subprocess.Popen([binary, "serve", "--port", str(port)], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    # localhost, not 127.0.0.1: a passkey's relying party must be a domain, and the server's
    # WebAuthn defaults follow PUBLIC_URL.
    base = f"http://localhost:{port}"
    wait_until_up(base, process, data)
    return RunningServer(base, env, process, log, data)


def wait_until_up(base, process, data):
    for _ in range(120):
        try:
            urllib.request.urlopen(base + "/healthz", timeout=1)
            return
        except Exception:
            if process.poll() is not None:
                raise RuntimeError("the server stopped: " + (Path(data) / "server.log").read_text())
            time.sleep(0.5)


def stop_server(running):
    running.process.terminate()
    running.process.wait(10)
    running.log.close()
    text = (Path(running.data) / "server.log").read_text()
    assert "status=5" not in text, "the server logged a 5xx:\n" + text[-3000:]


@pytest.fixture(scope="session")
def html_dir():
    shutil.rmtree(HTML_DIR, ignore_errors=True)
    HTML_DIR.mkdir(parents=True)
    return HTML_DIR


@pytest.fixture(scope="session")
def server(mailbox, html_dir):
    running = start_server(mailbox)
    yield running.base
    stop_server(running)


#: The campuses the trust tests' server serves; REQUIRE_VERIFIED is on (their default).
CAMPUSES = "umich.edu = University of Michigan @ America/Detroit; utexas.edu = The University of Texas at Austin @ America/Chicago"


@pytest.fixture(scope="session")
def campus_server(mailbox, html_dir):
    """A server with configured campuses, so only verified students trade."""
    # These tests walk verifying an address after signing up; a mailed sign-up link verifies at
    # once, and is walked on the other servers.
    running = start_server(mailbox, schema="campuses", CAMPUSES=CAMPUSES, SIGNUP_BY_MAIL="off")
    yield running
    stop_server(running)


def chromium_binary():
    """Chromium's headless shell when the machine has it: the same engine, network stack and
    DevTools as the full browser without its windowing layers, a third less CPU for this suite
    (CI runs two side by side on two cores). The binary itself, not Debian's wrapper script in
    /usr/bin: ChromeDriver stops the process it started, and the wrapper's child outlived it,
    holding its pages' event streams open. BROWSER_CHROMIUM chooses another (the full browser)."""
    for candidate in (os.environ.get("BROWSER_CHROMIUM"), "/usr/lib/chromium/chromium-headless-shell",
                      shutil.which("chrome-headless-shell"), shutil.which("chromium"), shutil.which("chromium-browser"),
                      shutil.which("google-chrome")):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    raise RuntimeError("no Chromium: install chromium-headless-shell or chromium (BROWSER_CHROMIUM names another)")


CHROMIUM = chromium_binary()


def browser_factory(base, mailbox):
    """A factory of browser sessions on `base` (each its own cookies: one person each)."""
    sessions = []

    def make(javascript=True, width=1280, height=900, pixel_ratio=None, language=None):
        options = webdriver.ChromeOptions()
        options.add_argument("--headless=new")
        options.add_argument("--no-sandbox")
        options.add_argument("--disable-dev-shm-usage")
        options.add_argument(f"--window-size={width},{height}")
        if pixel_ratio:  # a phone's or a laptop's screen: the page is laid out `width` wide at this density
            options.add_experimental_option("mobileEmulation", {"deviceMetrics": {"width": width, "height": height, "pixelRatio": pixel_ratio}})
        options.add_argument("--force-prefers-reduced-motion")

        prefs = {}
        if not javascript:
            prefs["profile.managed_default_content_settings.javascript"] = 2
        if language:  # the browser's languages, as Accept-Language sends them
            options.add_argument(f"--lang={language.split(',')[0]}")
            prefs["intl.accept_languages"] = language
        if prefs:
            options.add_experimental_option("prefs", prefs)
        options.binary_location = CHROMIUM
        driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
        driver = webdriver.Chrome(service=Service(driver_path), options=options)
        # The headless shell reads no profile preferences: JavaScript off and the languages are
        # also set the way DevTools sets them, which both builds honour.
        if not javascript:
            driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
        if language:
            agent = driver.execute_cdp_cmd("Browser.getVersion", {})["userAgent"]
            driver.execute_cdp_cmd("Emulation.setUserAgentOverride", {"userAgent": agent, "acceptLanguage": language})
        session = Browser(driver, base, javascript=javascript, html_dir=HTML_DIR, screenshots=SCREENSHOTS, mailbox=mailbox)
        sessions.append(session)
        return session

    return make, sessions


@pytest.fixture
def browser(server, mailbox):
    make, sessions = browser_factory(server, mailbox)
    yield make
    for session in sessions:
        session.driver.quit()


@pytest.fixture
def campus_browser(campus_server, mailbox):
    make, sessions = browser_factory(campus_server.base, mailbox)
    yield make
    for session in sessions:
        session.driver.quit()


@pytest.fixture
def own_server(mailbox, html_dir):
    """A server for one test, which it may take away and bring back (the network gone)."""
    running = start_server(mailbox, schema="own")
    yield running
    stop_server(running)


@pytest.fixture
def own_browser(own_server, mailbox):
    make, sessions = browser_factory(own_server.base, mailbox)
    yield make
    for session in sessions:
        session.driver.quit()


@pytest.fixture(scope="session")
def local_server(mailbox, html_dir):
    """An open board (no campuses) whose pages keep Detroit's clock (TIME_ZONE), with meetup spots."""
    spots = Path(tempfile.mkdtemp(prefix="cm-spots-")) / "spots.json"
    spots.write_text(json.dumps([
        {"name": "Library steps", "description": "North entrance of the main library: lit at night, a camera above the door.",
         "latitude": 42.2756, "longitude": -83.7375},
        {"name": "Union front desk", "description": "Inside the student union, beside the staffed information desk.",
         "latitude": 42.2751, "longitude": -83.7417}]))
    running = start_server(mailbox, schema="localtime", TIME_ZONE="America/Detroit", MEETUP_SPOTS_FILE=str(spots),
                           LATE_SWEEP_SECONDS="1")
    yield running
    stop_server(running)


@pytest.fixture
def local_browser(local_server, mailbox):
    make, sessions = browser_factory(local_server.base, mailbox)
    yield make
    for session in sessions:
        session.driver.quit()
