"""Trust in the browser, on a server with configured campuses (REQUIRE_VERIFIED on): verifying
a campus address by the mailed link (with script off too), reporting, the moderation queue, and
reviews after a completed order."""
import re

from selenium.webdriver.common.by import By

from pages import list_item


def verification_link(mailbox, before, address):
    """The link in the first mail to `address` with one, after the first `before` mails."""
    mail = mailbox.wait_for_mail_to(address, "/verify-email?token=", before)
    return re.search(r"http://localhost:\d+(/verify-email\?token=\S+)", mailbox.text_of(mail)).group(1)


def verified_student(make, mailbox, name, email, javascript=True):
    """Signs up with a campus address and opens the mailed link, as a student does."""
    person = make(javascript=javascript)
    before = len(mailbox.messages)
    person.sign_up(name, email)
    assert "Verify your campus email to start" in person.text
    person.go(verification_link(mailbox, before, email))
    person.press("Verify my address")
    assert "Your campus address is verified" in person.text, person.text[:600]
    assert "Verify your campus email to start" not in person.text
    return person


def test_verification_by_link_without_javascript(campus_browser, mailbox):
    person = campus_browser(javascript=False)
    before = len(mailbox.messages)
    person.sign_up("Vera Verify", "vera@umich.edu")
    # Unverified, the banner says what is missing and how to get it.
    assert "Only verified students can list, buy, rent, offer trades or send messages." in person.text
    person.screenshot("verify-banner")
    person.press("Resend the link")
    assert "We mailed you a link" in person.text
    link = verification_link(mailbox, before + 1, "vera@umich.edu")
    person.go(link)
    person.screenshot("verify-email")
    person.press("Verify my address")
    assert "Your campus address is verified" in person.text
    assert "Verified student · University of Michigan" in person.text
    person.screenshot("verify")
    # A wrong address is kept, with the reason beside it.
    person.fill("Your campus email", "vera@gmail.com")
    person.press("Mail me a link")
    assert person.error_for("Your campus email") and person.value("Your campus email") == "vera@gmail.com"


def test_three_reports_hide_a_listing_and_a_moderator_removes_it(campus_browser, campus_server, mailbox):
    seller = verified_student(campus_browser, mailbox, "Sal Scalper", "sal@umich.edu")
    listing = list_item(seller, "Front row concert tickets", "Other", "New", sale="300")
    reporters = [verified_student(campus_browser, mailbox, f"Reporter {n}", f"reporter{n}@umich.edu") for n in (1, 2, 3)]

    for number, reporter in enumerate(reporters):
        reporter.go(listing)
        reporter.follow("Report this listing")
        if number == 0:
            reporter.screenshot("report")
        reporter.fill("What is wrong?", "A scam or fraud")
        reporter.fill("Details (optional)", f"Asked me to pay by gift card ({number})")
        reporter.press("Send report")
        assert "A moderator will look at your report" in reporter.text
    # Three verified students reported it: it left the feed and its page for everyone else.
    reporters[0].go("/")
    assert "Front row concert tickets" not in reporters[0].text
    reporters[0].go(listing)
    assert reporters[0].heading() != "Front row concert tickets"

    moderator = verified_student(campus_browser, mailbox, "Mo Moderator", "mo@umich.edu")
    campus_server.run("users", "grant", "mo@umich.edu", "moderator")
    moderator.go("/")
    moderator.follow("Moderation")
    assert "Front row concert tickets" in moderator.text and "3 reports" in moderator.text
    assert "Reporter 1" not in moderator.text  # reporters stay unnamed
    moderator.screenshot("moderation")
    moderator.fill("Decision", "Remove the listing")
    moderator.fill("Note", "Ticket resale above face value is not allowed.")
    moderator.press("Decide")
    assert "Decided." in moderator.text and "No open reports" in moderator.text

    seller.go("/notifications")
    assert "Ticket resale above face value is not allowed." in seller.text
    assert "Reporter" not in seller.text
    reporters[1].go("/notifications")
    assert "A moderator reviewed it and acted on it." in reporters[1].text


def test_a_buyer_reviews_the_seller_after_completing_an_order(campus_browser, mailbox):
    seller = verified_student(campus_browser, mailbox, "Rae Seller", "rae@umich.edu")
    buyer = verified_student(campus_browser, mailbox, "Ben Buyer", "ben@umich.edu")
    listing = list_item(seller, "Desk lamp with dimmer", "Electronics", "Good", sale="12")

    buyer.go(listing)
    buyer.press("Buy and pick up")
    code = buyer.driver.find_element(By.CSS_SELECTOR, ".code").text
    order = buyer.path.split("?")[0]
    seller.go(order)
    seller.press("Accept")
    seller.press("Mark ready for pickup")
    seller.fill("Buyer's confirmation code", code)
    seller.press("Complete order")
    assert "Completed" in seller.text

    buyer.go(order)
    buyer.press("Review Rae S.")
    buyer.fill("Rating", "4")
    buyer.fill("A few words (optional)", "Lamp as described, quick hand-over by the library.")
    buyer.screenshot("review")
    buyer.press("Post review")
    assert "Thank you for your review." in buyer.text
    assert "Review Rae S." not in buyer.text

    # The seller card on the listing page shows the rating; the seller's page the review.
    buyer.go(listing)
    assert "4.0 ★ (1 review)" in buyer.text
    buyer.follow("Rae S.")
    assert "Lamp as described" in buyer.text and "Desk lamp with dimmer" in buyer.text
    assert "Verified student · University of Michigan" in buyer.text
    buyer.screenshot("seller")
