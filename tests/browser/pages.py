"""A person's browser session: go to pages, fill forms by label, press buttons by their words."""
import json
import re
import urllib.request
import struct
import zlib
from pathlib import Path

from axe_core_python.selenium import Axe
from selenium.common.exceptions import NoAlertPresentException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

AXE = Axe()


class Browser:
    def __init__(self, driver, base, javascript, html_dir, screenshots, mailbox=None):
        self.driver = driver
        self.mailbox = mailbox  # where the server's mail arrives: sign-up links
        self.base = base
        self.javascript = javascript
        self.html_dir = html_dir
        self.screenshots = screenshots
        self.checked = set()

    # Navigation -----------------------------------------------------------------------
    def go(self, path):
        self.driver.get(self.base + path)
        self.after_load()

    def after_load(self):
        """Every page: keep its HTML for the Nu checker and run axe once per page shape."""
        path = re.sub(r"[0-9a-f]{8}-[0-9a-f-]{27}", "ID", self.path)
        steps = self.driver.find_elements(By.CSS_SELECTOR, "[aria-current=step]")
        key = path.split("?")[0] + ("_" + steps[0].text if steps else "") \
            + ("#error" if self.driver.find_elements(By.CSS_SELECTOR, ".error, .form-error") else "")
        if key in self.checked:
            return
        self.checked.add(key)
        name = re.sub(r"[^a-zA-Z0-9]+", "_", key).strip("_") or "home"
        source = self.driver.page_source
        if not source.lower().startswith("<!doctype"):
            source = "<!DOCTYPE html>\n" + source
        (self.html_dir / f"{name}.html").write_text(source)
        if self.javascript:
            results = AXE.run(self.driver)
            bad = [v for v in results["violations"] if v["impact"] in ("serious", "critical")]
            assert not bad, f"axe on {self.path}: " + "; ".join(
                f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}" for v in bad)

    @property
    def path(self):
        return self.driver.current_url.replace(self.base, "")

    @property
    def text(self):
        return self.driver.find_element(By.TAG_NAME, "body").text

    def heading(self):
        return self.driver.find_element(By.TAG_NAME, "h1").text

    # Forms ---------------------------------------------------------------------------
    def field(self, label):
        """The input a <label> with this text names."""
        for element in self.driver.find_elements(By.TAG_NAME, "label"):
            if element.text.strip() == label:
                target = element.get_attribute("for")
                if target:
                    return self.driver.find_element(By.ID, target)
                return element.find_element(By.TAG_NAME, "input")
        raise AssertionError(f"no field labelled {label!r} on {self.path}: {self.text[:400]}")

    def fill(self, label, value):
        element = self.field(label)
        kind = element.get_attribute("type")
        if element.tag_name == "select":
            for option in element.find_elements(By.TAG_NAME, "option"):
                if option.text == value or option.get_attribute("value") == value:
                    option.click()
                    return
            raise AssertionError(f"{label}: no option {value!r}")
        if kind in ("datetime-local", "date") and self.javascript:
            self.driver.execute_script("arguments[0].value = arguments[1]", element, value)
            return
        element.clear()
        element.send_keys(value)

    def tick(self, label):
        element = self.field(label)
        if not element.is_selected():
            element.click()

    def value(self, label):
        return self.field(label).get_attribute("value")

    def press(self, words, within=None):
        """Click the button (or link) whose visible words are these, then wait for the page."""
        scope = self.driver.find_element(By.CSS_SELECTOR, within) if within else self.driver
        for element in scope.find_elements(By.CSS_SELECTOR, "button, a.button, input[type=submit]"):
            if " ".join(element.text.split()) == words:
                self.click_and_wait(element)
                return
        # On a phone the header's other links wait behind its menu: a person opens it first.
        closed = [m for m in self.driver.find_elements(By.CSS_SELECTOR, "details.menu:not([open]) > summary") if m.is_displayed()]
        if closed and not within:
            closed[0].click()
            return self.press(words)
        raise AssertionError(f"no button {words!r} on {self.path}: {self.text[:600]}")

    def follow(self, words):
        self.click_and_wait(self.driver.find_element(By.LINK_TEXT, words))

    def open_link(self, partial_words):
        self.click_and_wait(self.driver.find_element(By.PARTIAL_LINK_TEXT, partial_words))

    def click_and_wait(self, element):
        """Click, say yes to a confirmation a script asks for, and wait for the next page."""
        page = self.driver.find_element(By.TAG_NAME, "html")
        # Into the middle of the screen, as a person scrolls to what they press: at the edge a
        # phone's sticky action bar would be on top of it.
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
        element.click()
        try:
            self.driver.switch_to.alert.accept()
        except NoAlertPresentException:
            pass
        WebDriverWait(self.driver, 15).until(lambda _: gone(page))
        WebDriverWait(self.driver, 15).until(lambda d: d.execute_script("return document.readyState") == "complete")
        self.after_load()

    def wait_until(self, condition, seconds=15):
        """Wait for something a script does on this page (no page load follows)."""
        WebDriverWait(self.driver, seconds).until(lambda _: condition())

    def upload(self, label, path):
        self.field(label).send_keys(str(path))

    def error_for(self, label):
        element = self.field(label)
        described = (element.get_attribute("aria-describedby") or "").split()
        for ident in described:
            if ident.endswith("-error"):
                return self.driver.find_element(By.ID, ident).text
        return None

    # People --------------------------------------------------------------------------
    def sign_up(self, name, email, password="correct horse battery", screenshots=False):
        """The form, then (the server sends mail, so it confirms sign-ups by mail) the mailed
        link's page and its button, as a student does."""
        before = len(self.mailbox.messages) if self.mailbox else 0
        self.go("/signup")
        self.fill("Your name", name)
        self.fill("Campus email", email)
        self.fill("Password", password)
        self.press("Create account")
        if "We mailed a link to" in self.text:
            if screenshots:
                self.screenshot("signup-mailed")
            mail = self.mailbox.wait_for_mail_to(email, "/signup/confirm?token=", before)
            link = re.search(r"http://localhost:\d+(/signup/confirm\?token=\S+)", self.mailbox.text_of(mail)).group(1)
            self.go(link)
            self.fill("The password you chose", password)
            if screenshots:
                self.screenshot("signup-confirm")
            self.press("Create my account")
        assert "Welcome to CampusMarket" in self.text, self.text[:500]

    def sign_in(self, identifier, password):
        """Submit the sign-in form; the page that follows tells whether it worked."""
        self.go("/signin")
        self.fill("Email or username", identifier)
        self.fill("Password", password)
        self.press("Sign in")

    def screenshot(self, name):
        """This page at phone (390×844) and desktop (1280×800) width: `name-phone.png`, `name-desktop.png`."""
        self.screenshots.mkdir(parents=True, exist_ok=True)
        size = self.driver.get_window_size()
        for suffix, width, height in (("phone", 390, 844), ("desktop", 1280, 800)):
            self.driver.set_window_size(width, height)
            # The full page, so the picture shows what a person scrolls through.
            full = self.driver.execute_script("return document.documentElement.scrollHeight") if self.javascript else height
            self.driver.set_window_size(width, min(max(full, height), 2400))
            self.driver.save_screenshot(str(self.screenshots / f"{name}-{suffix}.png"))
        self.driver.set_window_size(size["width"], size["height"])


def mailed_reset_link(person, mailbox, email):
    """Ask for a password reset link on the page, as a person does, and read it from the mail."""
    before = len(mailbox.messages)
    person.go("/password/forgot")
    person.fill("Your account's email", email)
    person.press("Mail me a link")
    assert "a link to choose a new password is on its way" in person.text
    mail = mailbox.wait_for_mail_to(email, "/password/reset?token=", before)
    return mail, re.search(r"http://localhost:\d+/password/reset\?token=\S+", mailbox.text_of(mail)).group(0)


def gone(element):
    """The page this element belonged to has been replaced (Chromium words that in two ways)."""
    try:
        element.is_enabled()
        return False
    except WebDriverException:
        return True


def png(path, width=64, height=48, rgb=(200, 120, 40)):
    """A real PNG file, made here so the tests need no image tools."""
    raw = b"".join(b"\x00" + bytes(rgb) * width for _ in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
    data += chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")
    Path(path).write_bytes(data)
    return Path(path)


def list_item(person, title, category, condition, sale=None, rent=None, unit="day", trade=False, photo=None,
              description="", screenshot=None, isbn="978-0-306-40615-7", course=None):
    """The seller's path through the multi-step editor; returns the new listing's address."""
    person.go("/sell")
    person.fill("Title", title)
    if screenshot:
        person.screenshot(screenshot)
    person.press("Next")
    person.tick(category)
    person.press("Next")
    person.fill("Description", description)
    person.fill("Condition", condition)
    person.press("Next")
    if current_step(person) == "Textbook":
        person.fill("Author", "J. Stewart")
        person.fill("ISBN", isbn)
        if course:
            person.fill("Course code", course)
        person.press("Next")
    assert current_step(person) == "Photos"
    if photo:
        person.upload("Choose photos", photo)
        person.press("Upload")
        assert len(person.driver.find_elements(By.CSS_SELECTOR, ".photo-grid img")) == 1
    person.press("Next")
    if sale:
        person.fill("Sale price (optional)", sale)
    if rent:
        person.fill("Rent price (optional)", rent)
        person.fill("Rent per", unit)
    if trade:
        person.tick("Open to trade offers")
    person.press("Next")
    assert current_step(person) == "Summary", person.text[:800]
    person.press("Publish listing")
    assert "Your listing is live." in person.text
    return person.path.split("?")[0]


def current_step(person):
    return person.driver.find_element(By.CSS_SELECTOR, "[aria-current=step]").text


def api_sign_up(base, mailbox, email, name, password="correct horse battery"):
    """An account made through the API as an app makes it: registered, then confirmed with the
    mailed link's token. Answers the signed-in `AuthResponse`."""
    before = len(mailbox.messages)
    answer = api(base, "POST", "/api/v1/auth/register", {"email": email, "password": password, "name": name})
    if "token" in answer:
        return answer
    mail = mailbox.wait_for_mail_to(email, "/signup/confirm?token=", before)
    token = re.search(r"token=(cms_\S+)", mailbox.text_of(mail)).group(1)
    return api(base, "POST", "/api/v1/auth/register/confirm", {"token": token, "password": password})


def api(base, method, path, body=None, token=None):
    """One call to the server's JSON API, for what a test sets up rather than shows."""
    request = urllib.request.Request(base + path, method=method, data=json.dumps(body).encode() if body else None,
                                     headers={"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response) if response.status != 204 else None
