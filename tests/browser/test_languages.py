"""A student who reads Spanish uses CampusMarket entirely in Spanish; the two pseudo-locales
prove every word comes from the catalog and the layout survives long and right-to-left text."""
import json
import re
from pathlib import Path

from selenium.webdriver.common.by import By

from pages import current_step

CATALOG = json.loads((Path(__file__).parents[2] / "Sources/MarketCore/Resources/Localizable.xcstrings").read_text())["strings"]


def spanish_of(key):
    unit = CATALOG[key].get("localizations", {}).get("es", {})
    return unit.get("stringUnit", {}).get("value") or json.dumps(unit)


# The catalog's English sentences (long enough to be sure of) whose Spanish says something else.
ENGLISH = sorted({part.strip() for key in CATALOG if spanish_of(key) != key
                  for part in re.split(r"%(?:\d\$)?(?:@|lld|d)", key) if len(part.strip()) >= 14 and " " in part.strip()})


def assert_spanish(person):
    """The page is Spanish: it says so, and no English sentence of the catalog is on it."""
    assert person.driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "es", person.path
    text = person.text
    left = [sentence for sentence in ENGLISH if sentence in text]
    assert not left, f"English on {person.path}: {left}"


def test_a_student_signs_up_lists_searches_buys_and_messages_in_spanish(browser, tmp_path):
    seller = browser(language="es-ES,es")
    buyer = browser(width=390, height=844, language="es-MX,es")
    for person, name, email in ((seller, "Sofía Vendedora", "sofia@campus.edu"), (buyer, "Bruno Comprador", "bruno@campus.edu")):
        before = len(person.mailbox.messages)
        person.go("/signup")
        assert_spanish(person)
        person.fill("Tu nombre", name)
        person.fill("Correo del campus", email)
        person.fill("Contraseña", "correct horse battery")
        person.press("Crear cuenta")
        assert_spanish(person)
        mail = person.mailbox.wait_for_mail_to(email, "/signup/confirm?token=", before)
        body = person.mailbox.text_of(mail)
        assert "Para terminar, abre este enlace" in body, body
        person.go(re.search(r"http://localhost:\d+(/signup/confirm\?token=\S+)", body).group(1))
        person.fill("La contraseña que elegiste", "correct horse battery")
        person.press("Crear mi cuenta")
        assert "¡Bienvenido a CampusMarket!" in person.text, person.text[:400]
        assert_spanish(person)

    # The seller lists a table through every step of the editor, in Spanish, with a price typed
    # as Spanish writes it.
    seller.go("/sell")
    seller.fill("Título", "Mesa de estudio de roble")
    seller.press("Siguiente")
    seller.tick("Muebles")
    seller.press("Siguiente")
    seller.fill("Descripción", "Roble macizo. Recogida junto a la biblioteca.")
    seller.fill("Estado", "Bueno")
    assert "Deducirlo del texto" in seller.text  # the language: told from the words unless chosen
    seller.screenshot("editor-details-spanish")
    seller.press("Siguiente")
    assert current_step(seller) == "Fotos"
    assert_spanish(seller)
    seller.press("Siguiente")
    seller.fill("Precio de venta (opcional)", "45,50")
    seller.press("Siguiente")
    assert "45,50" in seller.text and "US$" in seller.text, seller.text[:800]
    assert_spanish(seller)
    seller.screenshot("editor-spanish")
    seller.press("Publicar anuncio")
    assert "Tu anuncio está publicado." in seller.text or "anuncio" in seller.text
    assert_spanish(seller)
    listing = seller.path.split("?")[0]

    # The buyer finds it by searching, reads it in Spanish and buys it.
    box = buyer.driver.find_element(By.ID, "site-search")
    # Spanish forms: "mesas" is "mesa", "estudiar" is "estudio" by Spanish stems; "para" says nothing.
    box.send_keys("mesas para estudiar")
    buyer.press("Buscar")
    assert "Mesa de estudio de roble" in buyer.text and "45,50" in buyer.text
    assert_spanish(buyer)
    buyer.go(listing)
    assert_spanish(buyer)
    buyer.screenshot("listing-spanish")
    buyer.press("Comprar y recoger")
    assert "¡Hecho! Ya avisamos al vendedor." in buyer.text or "vendedor" in buyer.text
    assert_spanish(buyer)

    # The seller is told in Spanish, and they message each other.
    seller.go("/notifications")
    assert "Bruno C. quiere comprar «Mesa de estudio de roble»" in seller.text, seller.text[:600]
    assert_spanish(seller)
    buyer.go(listing)
    buyer.press("Escribir al vendedor")
    buyer.fill("Mensaje", "¡Hola! ¿Puedo recogerla mañana?")
    buyer.press("Enviar")
    assert "¿Puedo recogerla mañana?" in buyer.text
    assert_spanish(buyer)
    seller.go("/messages")
    assert "Bruno C." in seller.text
    assert_spanish(seller)

    # She switches to English in the footer; her pages follow her choice, not her browser's.
    seller.go("/")
    seller.fill("Idioma", "English")
    seller.press("Cambiar")
    assert seller.driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "en"
    assert "Orders" in seller.text and "Pedidos" not in seller.text


def no_sideways_scroll(person):
    width = person.driver.execute_script("return document.documentElement.clientWidth")
    scroll = person.driver.execute_script("return document.documentElement.scrollWidth")
    assert scroll <= width, f"{person.path} scrolls sideways: {scroll} > {width}"


def test_the_long_pseudo_locale_fits_a_phone_and_the_mirrored_one_flips_every_page(browser, server):
    english = browser()
    english.sign_up("Lena Long", "lena@campus.edu")
    english.go("/sell")  # a listing to show, made in English: its title is what she typed
    from pages import list_item
    listing = list_item(english, "Reading lamp", "Electronics", "Good", sale="12")
    cookie = english.driver.get_cookie("cm_session")
    pages = ["/", "/?q=lamp", listing, "/sell", "/notifications", "/profile", "/money", "/activity", "/settings/notifications"]
    for language, direction in (("en-XA", "ltr"), ("ar-XB", "rtl")):
        person = browser(width=390, height=844, language=language)
        person.go("/signin")
        person.driver.add_cookie({"name": cookie["name"], "value": cookie["value"], "path": "/"})
        for path in pages:
            person.go(path)
            html = person.driver.find_element(By.TAG_NAME, "html")
            assert html.get_attribute("lang") == language and html.get_attribute("dir") == direction, path
            no_sideways_scroll(person)
        person.go("/")
        person.screenshot(f"feed-{language}")
        person.go(listing)
        person.screenshot(f"listing-{language}")
        if language == "en-XA":
            # Every word from the catalog comes out accented: a plain English word of our own is one left in code.
            plain = set(re.findall(r"\b[A-Za-z]{4,}\b", re.sub(r"\[[^\[\]]*\]", " ", person.text)))
            assert plain <= {"Reading", "lamp", "Lena", "Campus", "Market", "CampusMarket", "English", "campus"}, plain
