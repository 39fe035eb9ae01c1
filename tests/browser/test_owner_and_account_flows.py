"""The flows around a listing's life and a person's inbox: editing and photos, featuring,
deleting, buying with delivery, declining and withdrawing offers, notifications, and the
sign-in throttle — each as a person does it in Chromium."""
from selenium.webdriver.common.by import By

from pages import current_step, list_item, png


def press_starting(person, words):
    """Press the button whose words begin with these (its price or fee follows)."""
    for element in person.driver.find_elements(By.CSS_SELECTOR, "button"):
        if " ".join(element.text.split()).startswith(words):
            person.click_and_wait(element)
            return
    raise AssertionError(f"no button starting {words!r} on {person.path}: {person.text[:600]}")


def photo_sources(person, selector):
    return [img.get_attribute("src").split("/photos/")[-1] for img in person.driver.find_elements(By.CSS_SELECTOR, selector)]


def test_owner_edits_photos_features_and_deletes(browser, tmp_path):
    owner = browser()
    owner.sign_up("Olga Owner", "olga@campus.edu")
    lamp = list_item(owner, "Standing lamp", "Furniture", "Good", sale="20", photo=png(tmp_path / "first.png"))
    first = photo_sources(owner, ".gallery img")
    assert len(first) == 1

    # Edit: the steps start filled; a new title, a second photo moved to the front, the old one removed.
    owner.follow("Edit")
    assert owner.heading() == "Edit listing" and owner.value("Title") == "Standing lamp"
    owner.fill("Title", "Tall standing lamp")
    while current_step(owner) != "Photos":
        owner.press("Next")
    assert photo_sources(owner, ".photo-grid img") == first
    owner.upload("Choose photos", png(tmp_path / "second.png", rgb=(20, 160, 90)))
    owner.press("Upload")
    photos = photo_sources(owner, ".photo-grid img")
    assert len(photos) == 2 and photos[0] == first[0]
    owner.press("Move earlier")
    assert photo_sources(owner, ".photo-grid img") == [photos[1], photos[0]]
    old = owner.driver.find_elements(By.CSS_SELECTOR, ".photo-grid li")[1]
    owner.click_and_wait(old.find_element(By.XPATH, ".//button[normalize-space()='Remove']"))
    assert photo_sources(owner, ".photo-grid img") == [photos[1]]
    while current_step(owner) != "Summary":
        owner.press("Next")
    assert "Tall standing lamp" in owner.text
    owner.press("Save changes")
    assert "Your changes are saved." in owner.text
    assert owner.heading() == "Tall standing lamp"
    assert photo_sources(owner, ".gallery img") == [photos[1]]

    # Feature it: the fee is on the button; it shows as featured in the feed; cancel refunds it.
    press_starting(owner, "Feature for $")
    assert "Your listing is featured." in owner.text and "Featured until" in owner.text
    owner.go("/?q=standing")
    assert "Featured" in owner.driver.find_element(By.CSS_SELECTOR, ".listing-card").text
    owner.go(lamp)
    owner.press("Cancel feature (refund)")
    assert "The feature was cancelled and its fee refunded." in owner.text
    owner.go("/money")
    assert "Featured listing" in owner.text or "feature" in owner.text.lower()

    # Delete: the fee entries refer to it, so it is archived and leaves the feed.
    owner.go(lamp)
    owner.press("Delete")
    assert "The listing was" in owner.text
    owner.go("/?q=standing")
    assert "Tall standing lamp" not in owner.text


def test_buy_with_a_delivery_quote(browser):
    seller = browser()
    buyer = browser(width=390, height=844)
    seller.sign_up("Dan Desk", "dan@campus.edu")
    buyer.sign_up("Dee Delivery", "dee@campus.edu")
    chair = list_item(seller, "Office chair", "Furniture", "Good", sale="30")

    buyer.go(chair)
    buyer.fill("Deliver to", "north")
    buyer.press("Get a delivery quote")
    assert "Delivery to north" in buyer.text and "The quote holds until" in buyer.text
    press_starting(buyer, "Buy with delivery for $")
    assert "The seller has been told" in buyer.text
    assert "delivery $" in buyer.text.lower()

    seller.go("/orders?role=seller")
    seller.open_link("Office chair")
    seller.press("Accept")
    assert "Accepted" in seller.text


def test_offers_declined_and_withdrawn_and_notifications_read(browser):
    seller = browser()
    trader = browser()
    seller.sign_up("Tia Textbooks", "tia@campus.edu")
    trader.sign_up("Tom Trader", "tom@campus.edu")
    book = list_item(seller, "Organic chemistry textbook", "Textbooks", "Good", trade=True)
    list_item(trader, "Graphing calculator", "Electronics", "Good", sale="40")

    # An offer the seller declines.
    trader.go(book)
    trader.tick("Graphing calculator")
    trader.press("Send offer")
    seller.go("/offers")
    assert "From Tom T." in seller.text
    seller.press("Decline")
    assert "The trade offer was updated." in seller.text and "Declined" in seller.text

    # An offer the trader withdraws before the seller answers.
    trader.go(book)
    trader.tick("Graphing calculator")
    trader.press("Send offer")
    trader.go("/offers?box=sent")
    trader.press("Withdraw")
    assert "The trade offer was updated." in trader.text and "Withdrawn" in trader.text
    seller.go("/offers")
    assert not seller.driver.find_elements(By.XPATH, "//button[normalize-space()='Accept']")

    # The seller was told of both offers and the withdrawal: one read, then all read.
    seller.go("/notifications")
    unread = int(seller.driver.find_element(By.CSS_SELECTOR, "[data-badge=notifications]").text)
    assert unread >= 3
    seller.press("Open")
    assert seller.heading() in ("Trade offers", "Organic chemistry textbook")
    seller.go("/notifications")
    assert int(seller.driver.find_element(By.CSS_SELECTOR, "[data-badge=notifications]").text) == unread - 1
    seller.press("Mark all read")
    assert "All notifications are marked read." in seller.text
    assert not seller.driver.find_element(By.CSS_SELECTOR, "[data-badge=notifications]").is_displayed()
    assert not seller.driver.find_elements(By.CSS_SELECTOR, "li.unread")


def test_sign_in_throttle_is_told_in_words(browser):
    person = browser()
    person.sign_up("Gus Guessed", "gus@campus.edu")
    person.press("Sign out")
    for _ in range(5):
        person.sign_in("gus@campus.edu", "not my password")
        assert "The email, username or password is incorrect." in person.text
    # The right password is refused too until the wait is over, and the page says how long.
    person.sign_in("gus@campus.edu", "correct horse battery")
    assert "Too many sign-in attempts. Try again in" in person.text and "minute" in person.text
    assert person.value("Email or username") == "gus@campus.edu"
