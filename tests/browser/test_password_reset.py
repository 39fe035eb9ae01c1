"""Forgetting a password, as a person does: ask for a link on the sign-in page, read the mail a
real SMTP server received, choose a new password on the page the link opens."""
from selenium.webdriver.common.by import By

from pages import mailed_reset_link


def test_forgotten_password_is_reset_through_the_mailed_link(browser, mailbox):
    person = browser()
    person.sign_up("Rita Reset", "rita@campus.edu")
    person.press("Sign out")

    person.go("/signin")
    person.follow("Forgot your password?")
    assert person.heading() == "Forgot your password?"
    mail, link = mailed_reset_link(person, mailbox, "rita@campus.edu")
    person.screenshot("password-forgot")
    assert mail["To"] == "<rita@campus.edu>" and mail["Subject"] == "Choose a new CampusMarket password"

    person.driver.get(link)
    person.after_load()
    assert person.heading() == "Choose a new password"
    person.screenshot("password-reset")
    person.fill("New password", "short")
    person.press("Set my new password")
    assert "at least 8 characters" in person.error_for("New password")
    person.fill("New password", "a brand new secret")
    person.press("Set my new password")
    assert "Your new password is set and you are signed in." in person.text

    # The link worked once; the old password no longer does, the new one does.
    person.driver.get(link)
    person.after_load()
    person.fill("New password", "yet another secret")
    person.press("Set my new password")
    assert "expired or was already used" in person.text
    person.go("/")
    person.press("Sign out")
    person.sign_in("rita@campus.edu", "correct horse battery")
    assert "The email, username or password is incorrect." in person.text
    person.sign_in("rita@campus.edu", "a brand new secret")
    assert "You are signed in." in person.text


def test_an_unknown_address_gets_the_same_answer_and_no_mail(browser, mailbox):
    person = browser(javascript=False)
    before = len(mailbox.messages)
    person.go("/password/forgot")
    person.fill("Your account's email", "nobody-here@campus.edu")
    person.press("Mail me a link")
    assert "a link to choose a new password is on its way" in person.text
    person.go("/password/forgot")
    person.fill("Your account's email", "not an email")
    person.press("Mail me a link")
    assert "must be an email address" in person.error_for("Your account's email")
    assert person.value("Your account's email") == "not an email"
    assert len(person.driver.find_elements(By.CSS_SELECTOR, "form")) >= 1
    assert len(mailbox.messages) == before
