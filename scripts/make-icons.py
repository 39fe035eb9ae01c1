#!/usr/bin/env python3
"""Draws the web app's icons (Sources/MarketServer/Resources/Public/icons/): the brand's blue
square with "CM", at the sizes a phone's home screen asks for. Run again after a change of colour."""
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

OUT = Path(__file__).resolve().parents[1] / "Sources" / "MarketServer" / "Resources" / "Public" / "icons"
for size in (192, 512):
    image = Image.new("RGB", (size, size), "#0b5fff")
    draw = ImageDraw.Draw(image)
    font = ImageFont.load_default(size=int(size * 0.42))
    # Inside the middle 80%: a maskable icon may be cut to a circle.
    draw.text((size / 2, size / 2), "CM", fill="white", font=font, anchor="mm")
    image.save(OUT / f"icon-{size}.png", optimize=True)
