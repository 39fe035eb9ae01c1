"""What comes to a student: a listing saved with its heart, told when its price drops, and a
course page that gathers the books of listings however their course was spelled."""
from selenium.webdriver.common.by import By

from pages import current_step, list_item


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
