"""What comes to a student: a listing saved with its heart, told when its price drops, and a
course page that gathers the books of listings however their course was spelled."""
from selenium.webdriver.common.by import By

from pages import api, api_sign_up, current_step, list_item


def test_a_saved_listing_tells_its_saver_when_the_price_drops(browser):
    seller, saver = browser(), browser(width=390, height=844)
    seller.sign_up("Sid Seller", "sid@campus.edu")
    saver.sign_up("Sue Saver", "sue@campus.edu")
    lamp = list_item(seller, "Brass desk lamp", "Furniture", "Good", sale="30")

    saver.go("/?q=brass")
    heart = saver.driver.find_element(By.CSS_SELECTOR, "button.heart")
    assert heart.get_attribute("aria-label") == "Save “Brass desk lamp”"
    saver.click_and_wait(heart)
    assert saver.path.startswith("/?q=brass")
    assert saver.driver.find_element(By.CSS_SELECTOR, "button.heart").get_attribute("aria-pressed") == "true"
    saver.go("/saved")
    assert "Brass desk lamp" in saver.text
    saver.screenshot("saved")

    seller.go(lamp)
    assert "Saved by 1 person" in seller.text
    seller.press("Edit")
    while current_step(seller) != "Prices":
        seller.press("Next")
    seller.fill("Sale price (optional)", "24")
    seller.press("Next")
    seller.press("Save changes")

    saver.go("/notifications")
    assert "“Brass desk lamp”, which you saved, is now $24.00 (was $30.00)." in saver.text


def test_a_course_page_lists_the_books_of_listings_spelled_two_ways(browser):
    seller = browser()
    seller.sign_up("Cora Course", "cora@campus.edu")
    first = list_item(seller, "Introduction to Algorithms", "Textbooks", "Good", sale="45", isbn="9780262046305", course="eecs 281")
    list_item(seller, "CLRS, barely used", "Textbooks", "Like new", sale="39", isbn="9780262046305", course="EECS-281")
    list_item(seller, "The C Programming Language", "Textbooks", "Good", sale="20", isbn="9780131103627", course="EECS281")

    student = browser(width=390, height=844)
    student.go(first)
    student.follow("EECS 281")
    assert student.path == "/courses/EECS-281"
    assert student.heading() == "EECS 281"
    books = student.driver.find_element(By.CSS_SELECTOR, ".course-books").text
    assert "2 on the market · from $39.00" in books and "The C Programming Language" in books
    assert "CLRS, barely used" in student.text
    student.screenshot("course")


def test_a_saved_search_tells_its_saver_of_a_new_listing_and_settings_choose_how(browser, server):
    seller, student = browser(), browser(width=390, height=844)
    seller.sign_up("Sam Searchable", "sam.searchable@campus.edu")
    student.sign_up("Stu Searcher", "stu.searcher@campus.edu")
    student.go("/?q=calculus")
    student.press("Save this search")
    student.go("/saved")
    assert "calculus" in student.text

    list_item(seller, "Calculus early transcendentals", "Textbooks", "Good", sale="40")
    # Matched a moment after the listing is published, by the server's background matcher.
    told = "“Calculus early transcendentals” matches your saved search “calculus”."
    student.wait_until(lambda: student.go("/notifications") or told in student.text)
    assert told in student.text

    student.follow("Choose what you hear of, by mail and on your phone")
    assert student.path == "/settings/notifications"
    def box(name):
        return student.driver.find_element(By.NAME, name)
    assert box("savedSearches-email").get_attribute("aria-label") == "Saved searches: By mail"
    assert box("savedSearches-email").is_selected()
    box("savedSearches-email").click()
    student.press("Save settings")
    assert "Your notification settings are saved." in student.text
    assert not box("savedSearches-email").is_selected()
    assert box("orders-email").is_selected() and not box("messages-inApp").is_enabled()
    student.screenshot("notification-settings")


def test_the_editor_shows_what_a_book_sold_for_once_three_sales_are_completed(browser, server, mailbox):
    seller = browser()
    seller.sign_up("Gail Guidance", "gail.guidance@campus.edu")
    buyer = api_sign_up(server, mailbox, "bo.buyer@campus.edu", "Bo Buyer")
    token = api(server, "POST", "/api/v1/auth/login", {"email": "gail.guidance@campus.edu", "password": "correct horse battery"})["token"]
    isbn = "9780131103627"
    for price in (3600, 4000, 4400):
        listing = api(server, "POST", "/api/v1/listings", {"title": "The C Programming Language", "categories": ["textbooks"], "condition": "good",
                                                           "salePriceCents": price, "textbook": {"isbn": isbn, "author": "Kernighan"}}, token)
        order = api(server, "POST", f"/api/v1/listings/{listing['id']}/purchase", {"fulfillment": "pickup"}, buyer["token"])
        for step in ("accept", "ready"):
            api(server, "POST", f"/api/v1/orders/{order['id']}/{step}", {}, token)
        api(server, "POST", f"/api/v1/orders/{order['id']}/complete", {"confirmationCode": order["confirmationCode"]}, token)

    fourth = list_item(seller, "K&R, second edition", "Textbooks", "Good", sale="42", isbn=isbn)
    seller.go(fourth)
    assert "Sold on campus for $37–$43, median $40, 3 sales" in seller.text
    seller.press("Edit")
    while current_step(seller) != "Prices":
        seller.press("Next")
    guidance = seller.driver.find_element(By.ID, "price-guidance").text
    assert guidance.startswith("Sold on campus for $37–$43, median $40, 3 sales"), guidance
    seller.screenshot("editor-price-guidance")
