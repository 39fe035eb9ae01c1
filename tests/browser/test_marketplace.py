"""Two people (and a third) use CampusMarket end to end in Chromium, as new users would."""
import datetime as dt
import re

from selenium.webdriver.common.by import By

from pages import current_step, list_item, png


def search(person, words):
    box = person.driver.find_element(By.ID, "site-search")
    box.clear()
    box.send_keys(words)
    person.press("Search")


# One "today" for the whole run: periods meant to overlap must not drift apart when the test
# crosses midnight UTC between two calls (CI once did, and the overlap was not refused).
TODAY = dt.datetime.now(dt.timezone.utc).replace(hour=10, minute=0, second=0, microsecond=0)


def period(days_from_now, days):
    start = TODAY + dt.timedelta(days=days_from_now)
    end = start + dt.timedelta(days=days)
    return start.strftime("%Y-%m-%dT%H:%M"), end.strftime("%Y-%m-%dT%H:%M")


def test_sell_buy_rent_and_trade_between_students(browser, tmp_path):
    seller = browser()
    buyer = browser()
    seller.sign_up("Sam Seller", "sam@campus.edu")
    buyer.sign_up("Bea Buyer", "bea@campus.edu")

    # The seller lists a desk with a photo, a rentable bike, and a textbook open to trade.
    desk = list_item(seller, "Oak study desk", "Furniture", "Good", sale="45", photo=png(tmp_path / "desk.png"),
                     description="Solid oak, 120 × 60 cm. Pickup by the library.", screenshot="editor")
    assert seller.driver.find_elements(By.CSS_SELECTOR, ".gallery img[src^='/photos/']")
    bike = list_item(seller, "City bike with lock", "Sporting goods", "Fair", rent="5", unit="day")
    book = list_item(seller, "Calculus textbook", "Textbooks", "Like new", trade=True)

    # The buyer finds the desk by searching as they type it, and buys it for pickup.
    search(buyer, "oak des")
    assert "Oak study desk" in buyer.text
    buyer.open_link("Oak study desk")
    assert "$45.00" in buyer.text and "Sam S." in buyer.text
    buyer.press("Buy and pick up")
    assert "The seller has been told" in buyer.text
    code = buyer.driver.find_element(By.CSS_SELECTOR, ".code").text
    assert re.fullmatch(r"\d{6}", code)
    buyer.screenshot("order")

    # The seller sees it in notifications, accepts, marks it ready and completes it with the code.
    seller.go("/")
    assert seller.driver.find_element(By.CSS_SELECTOR, "[data-badge=notifications]").text == "1"
    seller.go("/notifications")
    assert "Bea B. wants to buy “Oak study desk”" in seller.text
    seller.press("Open")
    assert seller.heading() == "Oak study desk"
    seller.press("Accept")
    assert "Accepted" in seller.text
    seller.press("Mark ready for pickup")
    seller.fill("Buyer's confirmation code", "000000" if code != "000000" else "111111")
    seller.press("Complete order")
    assert seller.error_for("Buyer's confirmation code"), seller.text[:1500]
    seller.fill("Buyer's confirmation code", code)
    seller.press("Complete order")
    assert "The order was updated." in seller.text and "Completed" in seller.text

    # The buyer rents the bike for two days; the price is shown before booking.
    start, end = period(3, 2)
    buyer.go(bike)
    buyer.fill("From (UTC)", start)
    buyer.fill("Until (UTC)", end)
    buyer.press("Check price")
    assert "2 days × $5.00 = $10.00" in buyer.text
    buyer.press("Confirm rental")
    assert "Booked!" in buyer.text

    # A second buyer is refused an overlapping period, with the reason on the page.
    other = browser(width=390, height=844)
    other.sign_up("Oli Other", "oli@campus.edu")
    other.go(bike)
    later_start, later_end = period(4, 2)
    other.fill("From (UTC)", later_start)
    other.fill("Until (UTC)", later_end)
    other.press("Check price")
    other.press("Confirm rental")
    assert "already booked" in other.driver.find_element(By.CSS_SELECTOR, ".form-error").text
    assert other.value("From (UTC)") == later_start, "the period typed is kept"
    assert other.driver.find_elements(By.CSS_SELECTOR, ".calendar td.booked")

    # A trade: the buyer offers a lamp for the textbook and the seller accepts.
    list_item(buyer, "Desk lamp", "Electronics", "Good", sale="12")
    buyer.go(book)
    buyer.tick("Desk lamp")
    buyer.fill("Cash on top (optional)", "3")
    buyer.press("Send offer")
    assert "Your trade offer was sent." in buyer.text
    seller.go("/offers")
    assert "From Bea B." in seller.text and "Desk lamp" in seller.text
    seller.press("Accept")
    assert "Trade for your listing" in seller.text

    # Both see it in activity, notifications and the ledger.
    seller.go("/activity?kind=sold")
    assert "Oak study desk" in seller.text
    seller.go("/activity?kind=traded")
    assert "Calculus textbook" in seller.text
    buyer.go("/activity?kind=bought")
    assert "Oak study desk" in buyer.text
    buyer.go("/activity?kind=borrowed")
    assert "City bike with lock" in buyer.text
    buyer.go("/notifications")
    assert "accepted your trade offer" in buyer.text.lower() or "accepted" in buyer.text.lower()
    seller.go("/money")
    assert "+$45.00" in seller.text
    seller.screenshot("ledger")
    buyer.go("/money")
    assert "−$45.00" in buyer.text
    assert buyer.driver.find_elements(By.CSS_SELECTOR, "svg.chart rect")


def test_expenses_and_profile(browser):
    person = browser()
    person.sign_up("Eve Expenses", "eve@campus.edu")
    person.go("/money/expenses")
    person.fill("What did you buy?", "Lab coat")
    person.fill("Amount", "19.99")
    person.press("Add expense")
    assert "The expense was added." in person.text and "Total spent: $19.99" in person.text
    person.fill("What did you buy?", "")
    person.fill("Amount", "-1")
    person.press("Add expense")
    assert person.error_for("Amount") and person.error_for("What did you buy?")
    person.press("Delete Lab coat")
    assert "The expense was deleted." in person.text

    person.go("/profile")
    # An open board (no campuses configured): the campus is the email's domain, nothing to verify.
    assert "campus.edu, from your email address." in person.text and "Verify your campus email" not in person.text
    person.fill("How buyers reach you", "Phone")
    person.fill("Email address or phone number", "555 0100 200")
    person.press("Save")
    assert "Your profile is saved." in person.text
    # Privacy: a new account starts private; the choices read in the student's own terms.
    assert person.value("How your name shows to others") == "firstAndInitial"
    person.fill("Who sees your contact details", "Anyone signed in")
    person.fill("How your name shows to others", "Eve Expenses")
    person.press("Save privacy settings")
    assert "Your privacy settings are saved." in person.text
    assert person.value("Who sees your contact details") == "signedIn"
    assert "Download my data" in person.text
    person.screenshot("profile")
    person.fill("Current password", "wrong password")
    person.fill("New password", "another good password")
    person.press("Change password")
    assert person.error_for("Current password")
    person.fill("Your password, to confirm", "correct horse battery")
    person.press("Delete my account")
    assert "Your account was deleted." in person.text and "Sign in" in person.text


def test_bad_input_gets_words_and_keeps_what_was_typed(browser, server, tmp_path):
    person = browser()
    person.go("/signup")
    person.fill("Your name", "Mallory")
    person.fill("Campus email", "not-an-email")
    person.press("Create account")
    assert person.error_for("Campus email") and person.error_for("Password")
    assert person.value("Your name") == "Mallory"
    person.sign_up("Mallory Tester", "mallory@campus.edu", screenshots=True)

    # Empty and over-long titles, a price of -1, a file that is not an image.
    person.go("/sell")
    person.press("Next")
    assert "Title must be 3–100 characters." in person.error_for("Title")
    person.fill("Title", "x" * 101)
    person.press("Next")
    assert person.error_for("Title") and person.value("Title") == "x" * 101
    person.fill("Title", "<script>alert('hi')</script> notes")
    person.press("Next")
    person.press("Next")
    assert "Categories must name at least one category." in person.text
    person.tick("Notes")
    person.press("Next")
    person.fill("Condition", "Good")
    person.press("Next")
    fake = tmp_path / "photo.png"
    fake.write_bytes(b"\x89PNG\r\n\x1a\n<html><script>alert(1)</script></html>")
    person.upload("Choose photos", fake)
    person.press("Upload")
    assert "photo.png" in person.error_for("Choose photos")
    person.press("Next")
    person.fill("Sale price (optional)", "-1")
    person.press("Next")
    assert person.error_for("Sale price (optional)") and person.value("Sale price (optional)") == "-1"
    person.fill("Sale price (optional)", "8")
    person.press("Next")
    person.press("Back")
    assert person.value("Sale price (optional)") == "8", "going back keeps what was typed"
    person.press("Next")
    person.press("Publish listing")
    listing = person.path.split("?")[0]
    # The title is text, never markup.
    assert person.heading() == "<script>alert('hi')</script> notes"
    assert not person.driver.find_elements(By.CSS_SELECTOR, "main script")

    # Someone else's edit page: a 403 page in words.
    stranger = browser()
    stranger.sign_up("Stan Stranger", "stan@campus.edu")
    stranger.go(listing + "/edit")
    assert stranger.heading() == "Not allowed" and "belongs to another user" in stranger.text

    # A form posted without its CSRF token is refused with a page that says so.
    stranger.go(listing)
    stranger.driver.execute_script("""
        const form = document.querySelector("form[action$='/buy']");
        form.querySelector("input[name=csrf]").remove();
        form.submit();""")
    stranger.after_load()
    assert stranger.heading() == "Not allowed" and "reload the page" in stranger.text

    # Signing in with a wrong password says so without telling whether the account exists.
    anonymous = browser()
    anonymous.sign_in("nobody@campus.edu", "whatever password")
    assert "The email, username or password is incorrect." in anonymous.text
    assert anonymous.value("Email or username") == "nobody@campus.edu"


def test_without_javascript_a_person_can_still_sell_and_buy(browser, tmp_path):
    seller = browser(javascript=False, width=390, height=844)
    buyer = browser(javascript=False)
    seller.sign_up("Nia Noscript", "nia@campus.edu")
    buyer.sign_up("Ned Noscript", "ned@campus.edu")
    list_item(seller, "Mini fridge", "Home appliances", "Good", sale="60", photo=png(tmp_path / "fridge.png", rgb=(30, 90, 200)))
    search(buyer, "fridge")
    assert "Mini fridge" in buyer.text
    buyer.follow("Grid")
    assert buyer.driver.find_elements(By.CSS_SELECTOR, "ul.listings.grid li")
    buyer.open_link("Mini fridge")
    buyer.press("Buy and pick up")
    assert "The seller has been told" in buyer.text
    seller.go("/orders?role=seller")
    seller.open_link("Mini fridge")
    seller.press("Decline")
    assert "Declined" in seller.text


def test_feed_filters_and_screenshots(browser, server):
    seller = browser()
    seller.sign_up("Fay Feed", "fay@campus.edu")
    for title, category, price in [("Linear algebra notes", "Notes", "8"), ("Gaming monitor 27 inch", "Electronics", "150"),
                                   ("Bookshelf, white", "Furniture", "25")]:
        list_item(seller, title, category, "Good", sale=price)
    visitor = browser()
    visitor.go("/?category=electronics")
    assert "Gaming monitor 27 inch" in visitor.text and "Bookshelf" not in visitor.text
    visitor.go("/?q=zzzqqq")
    assert "No listings match" in visitor.text
    visitor.go("/?q=gaming%20moni")  # the last word, typed only in part, still finds it
    assert "Gaming monitor 27 inch" in visitor.text
    visitor.go("/?sort=price_desc&min=10&max=200")
    titles = [e.text for e in visitor.driver.find_elements(By.CSS_SELECTOR, ".card-title")]
    assert titles.index("Gaming monitor 27 inch") < titles.index("Bookshelf, white")
    assert "Linear algebra notes" not in titles
    visitor.go("/?view=grid")
    visitor.screenshot("feed")

