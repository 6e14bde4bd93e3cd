"""A real browser for the end-to-end tests: Debian's chromium driven by Playwright.

`make setup` installs chromium (apt) and Playwright (pip); Playwright's own browser
download is never used. These tests do not skip: without chromium they fail.
"""

import os
from pathlib import Path

import pytest

# Playwright's sync API runs an event loop in this thread; the test body's ORM calls
# are still plain synchronous code, so tell Django not to refuse them.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    context.close()
    assert not errors, f"JavaScript errors: {errors}"


@pytest.fixture
def artifacts():
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture
def queue(inline_worker):
    """Matches a competition schedules wait here until ``drain`` plays them."""
    return inline_worker


@pytest.fixture
def as_organiser(live_server, django_user_model):
    """``as_organiser(page, path)``: log ``page`` in to the admin as a superuser
    and land on the admin's ``path``."""
    django_user_model.objects.create_superuser("boss", "boss@example.com", "pw-boss-123")

    def open_as_organiser(page, path):
        page.goto(f"{live_server.url}/admin/login/?next={path}")
        page.fill("#id_username", "boss")
        page.fill("#id_password", "pw-boss-123")
        page.click("input[type=submit]")

    return open_as_organiser
