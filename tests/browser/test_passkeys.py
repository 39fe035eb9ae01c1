"""Passkeys as a person uses them, with Chromium's virtual authenticator standing in for the
phone's fingerprint reader: add one on the profile, sign in with it, and still get back in
through a mailed reset link when the password is forgotten."""
from selenium.webdriver.common.by import By
from selenium.webdriver.common.virtual_authenticator import Protocol, Transport, VirtualAuthenticatorOptions

from pages import mailed_reset_link


def with_authenticator(person):
    options = VirtualAuthenticatorOptions()
    options.protocol = Protocol.CTAP2
    options.transport = Transport.INTERNAL
    options.has_resident_key = True
    options.has_user_verification = True
    options.is_user_verified = True
    person.driver.add_virtual_authenticator(options)
    return person


def test_sign_up_add_a_passkey_sign_in_with_it_then_reset_the_password(browser, mailbox):
    person = with_authenticator(browser())
    person.sign_up("Kim Passkey", "kim.passkey@campus.edu")

    person.go("/profile")
    assert "You have no passkeys yet." in person.text
    person.fill("Name the new passkey", "My laptop")
    person.press("Add a passkey")
    assert "Your passkey is added." in person.text
    assert person.value("Name of this passkey") == "My laptop"
    assert "not used yet" in person.text
    assert len(person.driver.get_credentials()) == 1
    person.screenshot("profile-passkeys")

    # A second passkey cannot be made on the same device: the options exclude the first.
    person.fill("Name the new passkey", "Again")
    person.driver.find_element(By.CSS_SELECTOR, "[data-passkey-add-button]").click()
    error = person.driver.find_element(By.CSS_SELECTOR, "[data-passkey-add] [data-passkey-error]")
    person.wait_until(lambda: error.is_displayed())
    assert "already has a passkey" in error.text

    person.fill("Name of this passkey", "Kim's laptop")
    person.press("Rename")
    assert "The passkey was renamed." in person.text
    assert person.value("Name of this passkey") == "Kim's laptop"

    person.press("Sign out")
    person.go("/signin")
    person.screenshot("signin-passkey")
    person.press("Sign in with a passkey")
    assert "You are signed in." in person.text
    assert "Kim Passkey" in person.text
    person.go("/profile")
    assert "last used just now" in person.text

    # Forgot the password: the mailed link still works, and the passkey stays.
    person.press("Sign out")
    _, link = mailed_reset_link(person, mailbox, "kim.passkey@campus.edu")
    person.driver.get(link)
    person.after_load()
    person.fill("New password", "a fresh new secret")
    person.press("Set my new password")
    assert "Your new password is set and you are signed in." in person.text
    person.press("Sign out")
    person.sign_in("kim.passkey@campus.edu", "a fresh new secret")
    assert "You are signed in." in person.text

    # Removing the passkey: it no longer signs in.
    person.go("/profile")
    person.press("Remove")
    assert "The passkey was removed." in person.text
    person.press("Sign out")
    person.go("/signin")
    person.driver.find_element(By.CSS_SELECTOR, "[data-passkey-signin-button]").click()
    error = person.driver.find_element(By.CSS_SELECTOR, "[data-passkey-signin] [data-passkey-error]")
    person.wait_until(lambda: error.is_displayed())
    assert "not registered here" in error.text
    assert person.path.startswith("/signin")


def test_without_javascript_the_passkey_buttons_stay_hidden(browser):
    person = browser(javascript=False)
    person.go("/signin")
    assert "Sign in with a passkey" not in person.text
    person.sign_up("Nia Nojs", "nia.nojs@campus.edu")
    person.go("/profile")
    assert "To add a passkey, open this page in a browser that supports them" in person.text
    assert "Add a passkey" not in person.text
