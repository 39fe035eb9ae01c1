"""A buyer and a seller talk about a listing in Chromium: the conversation and the badges
update live (EventSource), a blank message comes back with the error beside it, and a block
stops the conversation."""
from selenium.webdriver.common.by import By

from pages import list_item


def bubbles(person):
    return [" ".join(e.text.split()) for e in person.driver.find_elements(By.CSS_SELECTOR, "ol.messages .message-text")]


def test_buyer_and_seller_message_each_other_live(browser):
    seller = browser()
    buyer = browser()
    seller.sign_up("Sol Seller", "sol@campus.edu")
    buyer.sign_up("Max Buyer", "max@campus.edu")
    lamp = list_item(seller, "Brass desk lamp", "Furniture", "Good", sale="12")

    # The seller waits on their inbox; the buyer asks from the listing page.
    seller.go("/messages")
    assert "No conversations yet" in seller.text
    buyer.go(lamp)
    buyer.press("Message seller")
    assert buyer.heading() == "Sol S." and "Brass desk lamp" in buyer.text

    # A blank message is refused beside the field, and nothing is sent.
    buyer.fill("Message", "   ")
    buyer.press("Send")
    assert buyer.error_for("Message") == "Your message is required."
    buyer.fill("Message", "Hi! Does the lamp take normal E27 bulbs?")
    buyer.press("Send")
    assert bubbles(buyer) == ["Hi! Does the lamp take normal E27 bulbs?"]

    # Without reloading, the seller's inbox and Messages badge show it.
    seller.wait_until(lambda: "Does the lamp take normal E27 bulbs?" in seller.text)
    seller.wait_until(lambda: seller.driver.find_element(By.CSS_SELECTOR, "[data-badge=messages]").text == "1")
    seller.screenshot("messages-inbox")
    seller.open_link("Max B.")
    assert bubbles(seller) == ["Hi! Does the lamp take normal E27 bulbs?"]
    # The page's script reads it by a POST (the GET marks nothing read).
    seller.wait_until(lambda: not seller.driver.find_element(By.CSS_SELECTOR, "[data-badge=messages]").is_displayed())

    # The buyer's open page shows "Seen", then the reply as it arrives.
    buyer.wait_until(lambda: buyer.driver.find_element(By.ID, "seen").is_displayed())
    seller.fill("Message", "Yes, E27. I can meet at the library at 5pm.")
    seller.press("Send")
    buyer.wait_until(lambda: bubbles(buyer)[-1:] == ["Yes, E27. I can meet at the library at 5pm."])
    assert not buyer.driver.find_element(By.ID, "seen").is_displayed()
    buyer.screenshot("conversation")

    # The seller blocks the buyer: neither can write any more; unblocking restores it.
    seller.press("Block Max B.")
    assert "Blocked." in seller.text and "You blocked Max B." in seller.text
    assert not seller.driver.find_elements(By.ID, "message-text")
    conversation = buyer.path.split("#")[0]
    buyer.go("/messages")
    buyer.go(conversation)
    assert "You cannot message this person." in buyer.text
    seller.press("Unblock Max B.")
    assert "Unblocked." in seller.text and seller.driver.find_elements(By.ID, "message-text")


def test_messaging_works_without_javascript(browser):
    seller = browser()
    buyer = browser(javascript=False)
    seller.sign_up("Noa Seller", "noa@campus.edu")
    buyer.sign_up("Ira Buyer", "ira@campus.edu")
    chair = list_item(seller, "Folding chair", "Furniture", "Fair", sale="8")
    buyer.go(chair)
    buyer.press("Message seller")
    buyer.fill("Message", "Is it still free on Friday?")
    buyer.press("Send")
    assert bubbles(buyer) == ["Is it still free on Friday?"]
    buyer.go("/messages")
    assert "You: Is it still free on Friday?" in buyer.text
