"""No network at all: a listing seen before opens from the web app's worker with a banner saying
since when, a form that needs the server says so and keeps what was typed, a page never opened
shows the offline page — and after signing out nothing of the account is kept."""
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from pages import list_item

OFFLINE = {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
ONLINE = {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}


def network(person, conditions):
    person.driver.execute_cdp_cmd("Network.enable", {})
    person.driver.execute_cdp_cmd("Network.emulateNetworkConditions", conditions)


def kept_pages(person):
    """The addresses and words of the pages the worker keeps."""
    return person.driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        (async () => {
          const pages = [];
          for (const name of await caches.keys()) {
            const cache = await caches.open(name);
            for (const request of await cache.keys()) {
              const response = await cache.match(request);
              const type = response.headers.get('content-type') || '';
              pages.push([request.url, type.startsWith('text/html') ? await response.text() : '']);
            }
          }
          return pages;
        })().then(done, () => done([]));""")


def test_a_listing_seen_before_opens_offline_and_nothing_stays_after_signing_out(own_server, own_browser):
    browser = own_browser
    seller = browser()
    seller.sign_up("Sol Seller", "sol@campus.edu")
    listing = list_item(seller, "Desk fan, three speeds", "Home appliances", "Good", sale="15")

    student = browser(width=390, height=844)
    student.sign_up("Olive Offline", "olive@campus.edu")
    student.go(listing)
    WebDriverWait(student.driver, 15).until(lambda d: d.execute_script("return !!navigator.serviceWorker.controller"))
    student.go(listing)  # through the worker now: kept
    student.go("/")

    # The network goes: nothing answers (the worker's own requests fail too), and the page knows it.
    own_server.go_away()
    network(student, OFFLINE)
    student.driver.get(student.base + listing)
    assert "You're offline — showing what you saw at" in student.text
    assert "Desk fan, three speeds" in student.text
    student.screenshot("listing-offline")

    # Saving the listing needs the server: the form says so in place, and the page stays.
    save = student.driver.find_element(By.CSS_SELECTOR, "form[action$='/save'] button")
    save.click()
    note = WebDriverWait(student.driver, 5).until(lambda d: d.find_element(By.CSS_SELECTOR, "form[action$='/save'] .offline-note"))
    assert "You're offline — this needs the network" in note.text
    assert student.path == listing

    # A page never opened: the offline page, not the browser's error.
    student.driver.get(student.base + "/orders?never=opened")
    assert "You're offline" in student.text and "has not opened it before" in student.text

    own_server.come_back()
    network(student, ONLINE)
    student.go(listing)
    assert any(url.endswith(listing) for url, _ in kept_pages(student))
    student.press("Sign out")
    assert "signed out" in student.text.lower()
    kept = kept_pages(student)
    assert not any(url.endswith(listing) for url, _ in kept), [url for url, _ in kept]
    assert not any("Olive" in html for _, html in kept)
