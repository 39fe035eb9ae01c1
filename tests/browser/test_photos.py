"""Photos at the size the screen draws them: a phone at 3× fetches about 1080 px for a listing's
photo and much less for a card; a laptop still gets a photo at least as wide as it is drawn."""
import re

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from pages import list_item, png


def loaded_source(person, selector):
    """The copy the browser chose for the first image matching `selector`, once it has loaded,
    and its natural and drawn widths."""
    WebDriverWait(person.driver, 15).until(lambda driver: driver.execute_script(
        "const img = document.querySelector(arguments[0]); return img && img.complete && img.naturalWidth > 0", selector))
    return person.driver.execute_script(
        "const img = document.querySelector(arguments[0]);"
        "return [img.currentSrc, img.naturalWidth, img.getBoundingClientRect().width]", selector)


def test_each_screen_fetches_the_copy_its_layout_needs(browser, tmp_path):
    seller = browser()
    seller.sign_up("Pia Photographer", "pia@campus.edu")
    # A camera's 4032 × 3024 pixels (a flat colour, so the file stays small for the test).
    listing = list_item(seller, "Walnut bookshelf", "Furniture", "Good", sale="80",
                        photo=png(tmp_path / "shelf.png", width=4032, height=3024, rgb=(120, 80, 40)))

    phone = browser(width=390, height=844, pixel_ratio=3)
    phone.go(listing)
    source, natural, drawn = loaded_source(phone, ".gallery img")
    assert source.endswith("-1080.jpg"), source  # 358 px drawn at 3×: 1074 px
    img = phone.driver.find_element(By.CSS_SELECTOR, ".gallery img")
    assert img.get_attribute("fetchpriority") == "high" and img.get_attribute("loading") != "lazy"
    assert (img.get_dom_attribute("width"), img.get_dom_attribute("height")) == ("4032", "3024")
    assert "tone-" in img.get_attribute("class")  # the placeholder while it loads

    # The feed's list on a phone: a 96 px thumbnail at 3×. (List first: a browser may reuse a
    # larger copy it has, never a smaller one.)
    phone.go("/")
    source, _, _ = loaded_source(phone, ".listing-card img")
    assert source.endswith("-320.jpg"), source
    phone.go("/?view=grid")
    source, _, drawn = loaded_source(phone, ".listing-card img")
    assert source.endswith("-640.jpg"), source  # about 153 px drawn at 3×

    laptop = browser(width=1440, height=900, pixel_ratio=2)
    laptop.go(listing)
    source, natural, drawn = loaded_source(laptop, ".gallery img")
    assert source.endswith("-1600.jpg"), source
    # As sharp as the screen can show: the copy's own width (its name says it; `naturalWidth` is
    # scaled by srcset's density) covers the drawn width at 2×.
    assert int(re.search(r"-(\d+)\.jpg$", source).group(1)) >= drawn * 2, (source, drawn)
