"""A student's day in Chromium: rent periods typed and read in the campus's time, the listing
page on a phone, a notice that shows once, and a seeded shop that looks like one."""
import datetime as dt
import time

import pytest

from selenium.webdriver.common.by import By

from pages import api, list_item

PASSWORD = "correct horse battery"


def test_a_rental_typed_in_local_time_is_booked_and_shown_in_it(local_browser, local_server):
    seller, renter = local_browser(), local_browser()
    seller.sign_up("Lena Lender", "lena@campus.edu")
    renter.sign_up("Rory Renter", "rory@campus.edu")
    camera = list_item(seller, "Mirrorless camera", "Electronics", "Like new", rent="3", unit="hour")

    renter.go(camera)
    assert "Times are shown in Eastern Time" in renter.text
    # Detroit keeps Eastern Standard Time in January: 10:00 there is 15:00 UTC.
    renter.fill("From (EST)", "2027-01-20T10:00")
    renter.fill("Until (EST)", "2027-01-20T12:30")
    renter.press("Check price")
    assert "2 hours × $3.00 = $6.00" in renter.text
    renter.press("Confirm rental")
    assert "Jan 20, 2027, 10:00 AM EST – 12:30 PM EST" in renter.text, renter.text[:1500]
    order_id = renter.path.split("/orders/")[1].split("?")[0]

    token = api(local_server.base, "POST", "/api/v1/auth/login", {"email": "rory@campus.edu", "password": PASSWORD})["token"]
    order = api(local_server.base, "GET", f"/api/v1/orders/{order_id}", token=token)
    assert (order["start"], order["end"]) == ("2027-01-20T15:00:00Z", "2027-01-20T17:30:00Z")

    # The owner's order page and a second renter's refusal read the same local times.
    seller.go(f"/orders/{order_id}")
    assert "Jan 20, 2027, 10:00 AM EST – 12:30 PM EST" in seller.text
    other = local_browser(width=390, height=844)
    other.sign_up("Oli Other", "oli@campus.edu")
    other.go(camera)
    other.fill("From (EST)", "2027-01-20T11:00")
    other.fill("Until (EST)", "2027-01-20T13:00")
    other.press("Check price")
    other.press("Confirm rental")
    assert "already booked Jan 20, 2027, 10:00 AM EST – 12:30 PM EST" in other.driver.find_element(By.CSS_SELECTOR, ".form-error").text


@pytest.fixture(scope="module")
def seeded_shop(local_server):
    """`campusmarket seed` on the server's database, as an operator would for a demo."""
    local_server.run("seed", "--listings", "40", "--users", "8", "--photos", "40", "--seed", "3")
    page = api(local_server.base, "GET", "/api/v1/listings?offer=buy&sort=newest&limit=40")
    return [item for item in page["items"] if item["photos"]]


def test_on_a_phone_the_title_price_and_action_are_on_the_first_screen(local_browser, seeded_shop):
    listing = next(item for item in seeded_shop if item["salePriceCents"] and len(item["title"]) > 12)
    lamp = f"/listings/{listing['id']}"
    price = "${:,.2f}".format(listing["salePriceCents"] / 100)
    buyer = local_browser(width=390, height=844)
    buyer.sign_up("Bo Buyer", "bo@campus.edu")
    buyer.go(lamp)
    height = buyer.driver.execute_script("return window.innerHeight")
    for selector in ("h1", ".big-price", ".action-bar .button"):
        box = buyer.driver.find_element(By.CSS_SELECTOR, selector).rect
        assert box["y"] >= 0 and box["y"] + box["height"] <= height, f"{selector} at {box} is below the first screen ({height} px)"
    assert buyer.driver.find_element(By.CSS_SELECTOR, ".action-bar .button").text == f"Buy for {price}"
    # The header is one row over the search box, its other links behind the menu.
    header = buyer.driver.find_element(By.CSS_SELECTOR, ".site-header").rect["height"]
    assert header <= 120, f"the phone header is {header} px tall"
    assert not buyer.driver.find_element(By.LINK_TEXT, "Sell").location["y"] > 40
    buyer.driver.find_element(By.CSS_SELECTOR, "details.menu > summary").click()
    assert buyer.driver.find_element(By.LINK_TEXT, "Orders").is_displayed()
    buyer.driver.find_element(By.CSS_SELECTOR, "details.menu > summary").click()

    buyer.screenshot("listing")

    # The action bar takes the student to the form; buying shows its notice once.
    buyer.driver.find_element(By.CSS_SELECTOR, ".action-bar .button").click()
    assert buyer.driver.execute_script("return location.hash") == "#buy-heading"
    buyer.press("Buy and pick up")
    assert "The seller has been told" in buyer.text
    buyer.driver.refresh()
    buyer.after_load()
    assert "The seller has been told" not in buyer.text, "a reload does not say it again"
    assert listing["title"] in buyer.text


def test_a_seeded_shop_has_pictures(local_browser, seeded_shop):
    assert len(seeded_shop) >= 20
    visitor = local_browser()
    visitor.go("/?campus=all")
    pictures = visitor.driver.find_elements(By.CSS_SELECTOR, ".listing-card img[src^='/photos/']")
    assert len(pictures) >= 20
    # Loaded, each the 320 px copy of its 480 px picture (a 96 px thumbnail at the desktop's 1×
    # needs no more; the list's `sizes` says 96px).
    loaded = [visitor.driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0 && arguments[0].currentSrc", p)
              for p in pictures[:6]]
    assert all(source and source.endswith("-320.jpg") for source in loaded), loaded
    assert "No photo" not in visitor.text
    visitor.screenshot("feed-seeded")


def test_a_meetup_is_proposed_countered_and_agreed(local_browser):
    seller, buyer = local_browser(), local_browser(width=390, height=844)
    seller.sign_up("Mei Meetup", "mei@campus.edu")
    buyer.sign_up("Bram Buyer", "bram@campus.edu")
    chair = list_item(seller, "Folding desk chair", "Furniture", "Good", sale="25")
    buyer.go(chair)
    buyer.press("Buy and pick up")
    order = buyer.path.split("?")[0]

    # The seller proposes the library steps, in Detroit time.
    seller.go(order)
    seller.fill("Spot", "Library steps")
    seller.fill("When (EST)", "2027-01-21T16:00")
    seller.press("Propose this meetup")
    assert "Meetup proposed." in seller.text
    assert "Waiting for Bram B." in seller.text

    # The buyer, on a phone, would rather meet at the union desk an hour later.
    buyer.go(order)
    assert "Mei M. proposes Library steps, Jan 21, 2027, 4:00 PM EST." in buyer.text
    assert buyer.driver.find_element(By.LINK_TEXT, "Open in maps").get_attribute("href") == "geo:42.275600,-83.737500"
    buyer.fill("Spot", "Union front desk")
    buyer.fill("When (EST)", "2027-01-21T17:00")
    buyer.press("Propose another")
    assert "Meetup proposed." in buyer.text

    # The seller agrees; both see it agreed, with map links, and in the history.
    seller.go(order)
    assert "Bram B. proposes Union front desk, Jan 21, 2027, 5:00 PM EST." in seller.text
    seller.press("Accept this meetup")
    assert "Meetup agreed." in seller.text
    buyer.go(order)
    assert "Agreed Union front desk, Jan 21, 2027, 5:00 PM EST" in buyer.text
    osm = buyer.driver.find_element(By.LINK_TEXT, "OpenStreetMap").get_attribute("href")
    assert osm.startswith("https://www.openstreetmap.org/?mlat=42.275100&mlon=-83.741700")
    for line in ("Meetup proposed: Library steps", "Meetup proposed: Union front desk", "Meetup agreed: Union front desk"):
        assert line in buyer.text
    buyer.screenshot("order-meetup")


def iso(moment):
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def handed_over(base, owner_token, renter_token, listing_id, start, end):
    """A rental booked, accepted, made ready and handed over with the renter's code, by the API."""
    order = api(base, "POST", f"/api/v1/listings/{listing_id}/rentals", {"start": iso(start), "end": iso(end)}, token=renter_token)
    for step in ("accept", "ready"):
        api(base, "POST", f"/api/v1/orders/{order['id']}/{step}", token=owner_token)
    api(base, "POST", f"/api/v1/orders/{order['id']}/complete", {"confirmationCode": order["confirmationCode"]}, token=owner_token)
    return order["id"]


def test_rentals_come_back_early_or_late(local_browser, local_server):
    base = local_server.base
    owner, renter = local_browser(), local_browser(width=390, height=844)
    owner.sign_up("Otto Owner", "otto@campus.edu")
    renter.sign_up("Rita Renter", "rita@campus.edu")
    tokens = {who: api(base, "POST", "/api/v1/auth/login", {"email": f"{who}@campus.edu", "password": PASSWORD})["token"] for who in ("otto", "rita")}
    tripod = list_item(owner, "Camera tripod", "Electronics", "Good", rent="2", unit="hour")
    listing_id = tripod.rsplit("/", 1)[1]

    # Returned early: a day-long rental next week comes back after an hour; the rest is free again.
    now = dt.datetime.now(dt.timezone.utc).replace(microsecond=0)
    start = (now + dt.timedelta(days=7)).replace(minute=0, second=0)
    early = handed_over(base, tokens["otto"], tokens["rita"], listing_id, start, start + dt.timedelta(hours=10))
    renter.go(f"/orders/{early}")
    assert "With the renter" in renter.text
    renter.press("I returned it")
    owner.go(f"/orders/{early}")
    assert "Returned, waiting for the owner" in owner.text
    owner.press("Confirm it is back")
    assert "Completed" in owner.text
    owner.go(tripod)
    assert "No bookings yet: every day is free." in owner.text, owner.text[-1500:]

    # Late: a rental that ended seconds ago and is still out is flagged, and keeps the listing booked.
    late = handed_over(base, tokens["otto"], tokens["rita"], listing_id, now + dt.timedelta(seconds=4), now + dt.timedelta(seconds=6))
    # The sweep runs every second here (LATE_SWEEP_SECONDS): look again until it has flagged it.
    for _ in range(40):
        owner.go(f"/orders/{late}")
        if "Late since" in owner.text:
            break
        time.sleep(0.5)
    assert "Late since" in owner.text, owner.text[:1200]
    owner.go("/notifications")
    assert "was not returned by the end of the rental" in owner.text
    renter.go(f"/orders/{late}")
    renter.press("I returned it")
    owner.go(f"/orders/{late}")
    owner.press("Report a problem")
    assert owner.path.startswith("/messages/") and "there is a problem with it" in owner.text
    owner.go(f"/orders/{late}")
    assert "Problem reported" in owner.text
    owner.screenshot("order-returned")
