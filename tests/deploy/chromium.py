"""Debian's ``chromium``, driven through ``chromedriver`` by selenium, for the playground's
browser tests (the ``browser`` fixture of conftest.py), and what those tests ask of the page."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import WebDriverWait

from tests.deploy import live

CHROMIUM = shutil.which("chromium")
CHROMEDRIVER = shutil.which("chromedriver")
FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--window-size=1280,1600"]
"""Headless, and nothing that reaches for the network: on a closed network the browser would
otherwise wait on its update and sync services."""
WAIT = 30.0


@contextmanager
def chromium(profile: Path) -> Iterator[WebDriver]:
    if not CHROMIUM or not CHROMEDRIVER:
        pytest.skip("needs Debian's chromium and chromium-driver")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in [*FLAGS, f"--user-data-dir={profile}"]:
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))
    try:
        yield driver
    finally:
        driver.quit()


def evaluations(driver: WebDriver) -> int:
    """How many evaluations the page has finished (``body[data-evaluated]``)."""
    return int(driver.find_element(By.TAG_NAME, "body").get_attribute("data-evaluated") or 0)


def wait_for_evaluation(driver: WebDriver, after: int) -> None:
    WebDriverWait(driver, WAIT).until(lambda d: evaluations(d) > after)


def in_hand(driver: WebDriver) -> list[str]:
    return [t.get_attribute("data-tile") or ""
            for t in driver.find_elements(By.CSS_SELECTOR, "#hand [data-tile]")]


def signed(n: int) -> str:
    """As the page writes an amount: +6, −6 (a minus sign), 0."""
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def api(instance: live.Instance, path: str, body: Any) -> Any:
    """The service's own answer (a 200) to a request."""
    response = instance.post(path, body)
    assert response.status == 200, response.body
    return response.json()
