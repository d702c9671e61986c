"""The playground in a real browser: Debian's ``chromium``, driven through ``chromedriver`` by
selenium, against a live instance (``hupai serve``, as the image runs it).

It opens ``/``, waits for the example to be evaluated, chooses a variant, clicks a hand from the
palette, evaluates with Enter, and checks the page against the service: the tiles drawn
(``data-tile``), the patterns, the payments — and a screenshot of the hand, decoded here, that
must be drawn (many colours, not one flat one). With API keys configured the page asks for a
key when the API answers 401, and keeps it out of every browser store.

The screenshots are saved for a person to look at: the paths are printed (``pytest -s``).
"""

from __future__ import annotations

import json
import os
import struct
import subprocess
import zlib
from collections import Counter
from pathlib import Path
from typing import Any

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import Select, WebDriverWait

from tests.deploy import live
from tests.deploy.chromium import WAIT, api, evaluations, in_hand, signed, wait_for_evaluation

SHOT = Path("/tmp/hupai-playground.png")

# A hand clicked from the palette: 清一色 in 长沙 (123 456 789 234 pin, pair 55p, won on 5p)
HAND = ["1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p", "2p", "3p", "4p", "5p"]
WIN_TILE = "5p"


def shown_payments(driver: WebDriver) -> list[str]:
    return [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#payments .seat .amount")]


def wait_for_totals(driver: WebDriver, totals: list[int]) -> None:
    """Until the settle panel shows these per-seat totals (a panel redrawn while it is read
    is read again)."""
    WebDriverWait(driver, WAIT, ignored_exceptions=[StaleElementReferenceException]).until(
        lambda d: [e.text for e in d.find_elements(By.CSS_SELECTOR, "#settle-totals .amount")]
        == [signed(t) for t in totals])


def png_pixels(png: bytes) -> list[bytes]:
    """The RGB(A) pixels of an 8-bit truecolour PNG (what Chromium's screenshots are)."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    pos, data, header = 8, b"", b""
    while pos < len(png):
        (length,), kind = struct.unpack(">I", png[pos:pos + 4]), png[pos + 4:pos + 8]
        chunk = png[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = chunk
        elif kind == b"IDAT":
            data += chunk
        pos += 12 + length
    width, height, depth, colour = struct.unpack(">IIBB", header[:10])
    assert depth == 8 and colour in (2, 6), (depth, colour)
    size = 3 if colour == 2 else 4
    raw, stride = zlib.decompress(data), width * size
    rows: list[bytearray] = []
    previous = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = line[i - size] if i >= size else 0
            up, corner = previous[i], previous[i - size] if i >= size else 0
            line[i] = (line[i] + _predictor(kind, left, up, corner)) & 255
        rows.append(line)
        previous = line
    return [bytes(row[x:x + 3]) for row in rows for x in range(0, stride, size)]


def _predictor(kind: int, left: int, up: int, corner: int) -> int:
    """The PNG filter's prediction (RFC 2083 §6): none, sub, up, average, Paeth."""
    if kind == 0:
        return 0
    if kind == 1:
        return left
    if kind == 2:
        return up
    if kind == 3:
        return (left + up) // 2
    p = left + up - corner
    pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
    return left if pa <= pb and pa <= pc else up if pb <= pc else corner


def test_choose_a_variant_click_a_hand_and_see_it_scored(
        browser: WebDriver, shared_service: live.Instance, tmp_path: Path) -> None:
    browser.get(shared_service.url + "/")
    wait_for_evaluation(browser, 0)
    # the example (四川: 456789m 23p 55p, a pong of 8p, self-drawn on 4p) is already evaluated
    assert sorted(in_hand(browser)) == sorted(["4m", "5m", "6m", "7m", "8m", "9m", "2p", "3p",
                                               "5p", "5p", "4p", "8p", "8p", "8p"])
    assert browser.find_element(By.ID, "verdict").text.startswith("Win")
    # and settle.md's end-of-wall record, settled: the totals per seat, as the service has them
    record = json.loads(browser.find_element(By.ID, "settle-record").get_attribute("value") or "")
    totals = api(shared_service, "/v1/sichuan/settle", {"record": record})["totals"]
    WebDriverWait(browser, WAIT).until(
        lambda d: len(d.find_elements(By.CSS_SELECTOR, "#settle-totals .amount")) == 4)
    assert [e.text for e in browser.find_elements(By.CSS_SELECTOR, "#settle-totals .amount")] \
        == [signed(t) for t in totals]
    assert '"transfers"' in browser.find_element(By.ID, "settle-answer").text

    # 红中: settle-hongzhong.md's Example 1 in the record box, settled: [−3, 20, −7, −10]
    done = evaluations(browser)
    Select(browser.find_element(By.ID, "variant")).select_by_value("hongzhong")
    wait_for_evaluation(browser, done)
    record = json.loads(browser.find_element(By.ID, "settle-record").get_attribute("value") or "")
    assert [e["type"] for e in record["events"]] == ["kong", "kong", "win"]
    WebDriverWait(browser, WAIT).until(
        lambda d: [e.text for e in d.find_elements(By.CSS_SELECTOR, "#settle-totals .amount")]
        == [signed(t) for t in (-3, 20, -7, -10)])
    assert '"next_dealer": 1' in browser.find_element(By.ID, "settle-answer").text

    done = evaluations(browser)
    Select(browser.find_element(By.ID, "variant")).select_by_value("changsha")
    wait_for_evaluation(browser, done)
    # 长沙 settles its own record (settle-changsha.md's Example 1), and the record is editable:
    # 飘 [1, 0, 0, 2] adds 1 + 0 to seat 1 from seat 0 and 2 + 0 from seat 3 (seat 2 pays 0)
    box = browser.find_element(By.ID, "settle-record")
    record = json.loads(box.get_attribute("value") or "")
    assert [e["type"] for e in record["events"]] == ["qishou", "qishou", "kong", "win"]
    wait_for_totals(browser, api(shared_service, "/v1/changsha/settle",
                                 {"record": record})["totals"])
    record["piao"] = [1, 0, 0, 2]
    box.clear()
    box.send_keys(json.dumps(record))
    browser.find_element(By.ID, "settle-go").click()
    wait_for_totals(browser, api(shared_service, "/v1/changsha/settle",
                                 {"record": record})["totals"])
    assert '"outcome": "won"' in browser.find_element(By.ID, "settle-answer").text
    browser.find_element(By.ID, "clear").click()
    assert in_hand(browser) == []
    for code in [*HAND, WIN_TILE]:
        browser.find_element(By.CSS_SELECTOR, f'#palette [data-tile="{code}"]').click()
    typed = browser.find_element(By.ID, "hand-input").get_attribute("value")
    assert typed == "1223344556789p"  # the notation of the clicked tiles, sorted
    assert browser.find_element(By.ID, "win-input").get_attribute("value") == WIN_TILE
    done = evaluations(browser)
    browser.find_element(By.ID, "hand-input").send_keys(Keys.ENTER)  # Enter evaluates
    wait_for_evaluation(browser, done)

    assert sorted(in_hand(browser)) == sorted([*HAND, WIN_TILE])  # 13 + the win tile
    assert len(browser.find_elements(By.CSS_SELECTOR, "#reading [data-tile]")) == 14
    # what the page sent, asked of the service directly: the page must draw this answer
    answer = api(shared_service, "/v1/changsha/fan", {
        "hand": "1223344556789p", "win_tile": WIN_TILE,
        "context": {"win_type": "discard", "seats": {"dealer": 0, "winner": 0, "discarder": 2},
                    "birds": "4p7s"}})
    patterns = browser.find_element(By.ID, "patterns").text
    assert "清一色" in patterns and "Full flush" in patterns  # RULES.md §2: 清一色, a 大胡
    for pattern in answer["patterns"]:
        assert pattern["name_zh"] in patterns and pattern["name"] in patterns
    payments = answer["payments"]
    # a discard win: the discarder (seat 2) alone pays the dealer-winner (seat 0)
    assert payments[0] > 0 and payments[2] == -payments[0] and payments[1] == payments[3] == 0
    assert shown_payments(browser) == [signed(p) for p in payments]
    waits = browser.find_elements(By.CSS_SELECTOR, "#waits [data-tile]")
    assert waits and browser.find_element(By.ID, "waits-summary").text.startswith("Ready")
    assert browser.find_elements(By.CSS_SELECTOR, "#claims .action")

    hand = browser.find_element(By.ID, "hand")
    png = hand.screenshot_as_png
    for path in (tmp_path / "playground-hand.png", SHOT):
        path.write_bytes(png)
    browser.save_screenshot(str(SHOT.with_name("hupai-playground-page.png")))
    print(f"\nplayground screenshots: {SHOT}, {SHOT.with_name('hupai-playground-page.png')}, "
          f"{tmp_path / 'playground-hand.png'}")
    colours = Counter(png_pixels(png))
    # 14 筒 faces on the felt, anti-aliased: hundreds of colours; the felt (style.css --felt),
    # the most common, covers well under nine pixels in ten; the tile face (#fbf8ef) and the
    # 筒 blue (#1d5fa8) of tiles.js come next
    assert len(colours) > 100, len(colours)
    (felt, count), *others = colours.most_common(4)
    assert felt == bytes.fromhex("1f5d4c") and count < 0.9 * sum(colours.values())
    assert {bytes.fromhex("fbf8ef"), bytes.fromhex("1d5fa8")} <= {c for c, _ in others}

    browser.get(shared_service.url + "/docs/")  # the trailing slash reaches the docs
    WebDriverWait(browser, WAIT).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, "#swagger-ui .info"))
    assert browser.current_url == shared_service.url + "/docs"


def test_with_keys_the_page_asks_for_one_and_keeps_it_in_memory(
        browser: WebDriver, start_service: Any) -> None:
    instance = start_service(workers=1, HUPAI_API_KEYS="play-key")
    browser.get(instance.url + "/")
    form = browser.find_element(By.ID, "key-form")
    WebDriverWait(browser, WAIT).until(lambda d: form.is_displayed())
    assert "API key" in form.text and evaluations(browser) == 0

    field = browser.find_element(By.ID, "api-key")
    field.send_keys("wrong-key", Keys.ENTER)  # refused: asked again
    WebDriverWait(browser, WAIT).until(lambda d: "refused" in form.text and form.is_displayed())
    field.send_keys("play-key", Keys.ENTER)
    wait_for_evaluation(browser, 0)
    assert not form.is_displayed()
    assert browser.find_element(By.ID, "verdict").text.startswith("Win")
    assert len(in_hand(browser)) == 14
    assert field.get_attribute("value") == ""
    stores = browser.execute_script(
        "return [localStorage.length, sessionStorage.length, document.cookie]")
    assert stores == [0, 0, ""]
    # the curl line names the key's environment variable, never the key, and so runs as is
    assert "play-key" not in browser.page_source
    line = browser.find_element(By.CSS_SELECTOR, "#exchange-fan .curl-line")
    command = line.get_attribute("textContent") or ""
    assert '-H "Authorization: Bearer $HUPAI_API_KEY"' in command
    ran = subprocess.run(["bash", "-c", command], capture_output=True, text=True, timeout=60,
                         check=True, env={**os.environ, "HUPAI_API_KEY": "play-key"})
    answer = browser.find_element(By.CSS_SELECTOR, "#exchange-fan .answer-json")
    assert json.loads(ran.stdout) == json.loads(answer.get_attribute("textContent") or "")


def test_a_refused_hand_shows_the_problem_and_its_pointer(
        browser: WebDriver, shared_service: live.Instance) -> None:
    browser.get(shared_service.url + "/")
    wait_for_evaluation(browser, 0)
    browser.find_element(By.ID, "back").click()  # the win tile goes back
    field = browser.find_element(By.ID, "hand-input")
    field.clear()
    field.send_keys("1112345678999m5z")  # 四川 has no honors (14 tiles, too)
    done = evaluations(browser)
    field.send_keys(Keys.ENTER)
    wait_for_evaluation(browser, done)
    assert browser.find_element(By.ID, "verdict").text.startswith("Add the win tile")
    summary = browser.find_element(By.ID, "waits-summary").text
    answer = shared_service.post("/v1/sichuan/waits", {
        "hand": "1112345678999m5z", "context": {"win_type": "self_draw", "missing_suit": "s"}})
    assert answer.status == 422 and summary == answer.json()["detail"]
    assert "#/hand" in summary


def test_a_meld_is_taken_back_and_typed_in_again_from_the_keyboard(
        browser: WebDriver, shared_service: live.Instance) -> None:
    browser.get(shared_service.url + "/")
    wait_for_evaluation(browser, 0)
    verdict = browser.find_element(By.ID, "verdict").text
    browser.find_element(By.CSS_SELECTOR, "#hand button.meld").click()  # the example's 888p pong
    assert len(in_hand(browser)) == 11
    browser.find_element(By.ID, "meld-tiles").send_keys("888p", Keys.ENTER)  # adds, not submits
    assert sorted(in_hand(browser)).count("8p") == 3 and len(in_hand(browser)) == 14
    done = evaluations(browser)
    browser.find_element(By.ID, "evaluate").send_keys(Keys.ENTER)
    wait_for_evaluation(browser, done)
    assert browser.find_element(By.ID, "verdict").text == verdict
    groups = browser.find_elements(By.CSS_SELECTOR, "#reading .group.declared [data-tile]")
    assert [g.get_attribute("data-tile") for g in groups] == ["8p", "8p", "8p"]


def test_what_each_wildcard_became_is_drawn(browser: WebDriver,
                                            shared_service: live.Instance) -> None:
    browser.get(shared_service.url + "/")
    wait_for_evaluation(browser, 0)
    done = evaluations(browser)
    Select(browser.find_element(By.ID, "variant")).select_by_value("nanchang")
    wait_for_evaluation(browser, done)
    # the 南昌 example: 123456789m 123p 4p and the turned tile 5z, which is 正精 itself
    jing = api(shared_service, "/v1/nanchang/jing", {"context": {"indicator": "5z"}})
    derived = browser.find_elements(By.CSS_SELECTOR, "#variant-context .derived [data-tile]")
    assert [t.get_attribute("data-tile") for t in derived] == [jing["zheng"], jing["fu"]]
    answer = api(shared_service, "/v1/nanchang/fan", {
        "hand": "123456789m123p5z", "win_tile": "4p",
        "context": {"win_type": "self_draw", "seats": {"dealer": 0, "winner": 1},
                    "indicator": "5z"}})
    substituted = [(t, a) for g in answer["reading"]["groups"]
                   for t, a in zip(g["tiles"], g["as"], strict=True) if t != a]
    assert substituted == [("5z", "4p")]  # the 精 stands in for the pair's second 4p (精钓)
    wild = browser.find_elements(By.CSS_SELECTOR, "#reading .tile.wild")
    assert [(t.get_attribute("data-tile"), t.get_attribute("data-as")) for t in wild] \
        == substituted
    assert "→ 4p" in wild[0].text


def test_a_room_names_its_seats_its_tiles_and_its_hand_size(
        browser: WebDriver, shared_service: live.Instance) -> None:
    # rules/rooms.md: players 3 → seats 0–2 to choose from; suits p s → no 万 on the palette;
    # hand_size 10 → ten tiles, then the win tile, are picked, and the count says of 10
    browser.get(shared_service.url + "/")
    wait_for_evaluation(browser, 0)

    def option(name: str) -> Any:
        return browser.find_element(By.CSS_SELECTOR, f'[data-option="{name}"]')

    browser.find_element(By.CSS_SELECTOR, "#options-box summary").click()  # open the options
    Select(option("players")).select_by_value("3")
    suits = option("suits")
    suits.clear()
    suits.send_keys("ps", Keys.TAB)
    Select(option("hand_size")).select_by_value("10")
    for seat in ("seat-dealer", "seat-winner", "seat-discarder"):
        values = [o.get_attribute("value") for o in Select(browser.find_element(
            By.ID, seat)).options]
        assert values == ["", "0", "1", "2"], seat
    palette = [t.get_attribute("data-tile") or ""
               for t in browser.find_elements(By.CSS_SELECTOR, "#palette [data-tile]")]
    assert palette and not any(code.endswith("m") for code in palette)
    assert {c[1] for c in palette} == {"p", "s"}
    browser.find_element(By.ID, "clear").click()
    for code in ["1s", "1s", "2s", "2s", "3s", "3s", "5s", "5s", "7s", "8s", "8s", "9s"]:
        browser.find_element(By.CSS_SELECTOR, f'#palette [data-tile="{code}"]').click()
    assert browser.find_element(By.ID, "hand-input").get_attribute("value") == "1122335578s"
    assert browser.find_element(By.ID, "win-input").get_attribute("value") == "8s"
    assert browser.find_element(By.CSS_SELECTOR, "#hand .count").text == "10/10 + win tile"


def test_each_discards_win_chances_are_drawn_beside_it(
        browser: WebDriver, shared_service: live.Instance, tmp_path: Path) -> None:
    """The advice chart (rules/advice.md): for the example's 14 tiles, one entry per discard
    the service advises, in its order, each with one bar per draw whose height is that
    draw count's ``win_prob``, and the summary of the last one."""
    browser.get(shared_service.url + "/")
    wait_for_evaluation(browser, 0)

    def shown() -> list[tuple[str, list[float]]]:
        return [(e.get_attribute("data-tile") or "",
                 [float(b.get_attribute("data-p") or "nan")
                  for b in e.find_elements(By.CSS_SELECTOR, "svg.chart .bar")])
                for e in browser.find_elements(By.CSS_SELECTOR, "#advice .advice-entry")]

    def asked(draws: int) -> Any:
        return api(shared_service, "/v1/sichuan/advice", {
            "hand": "456789m23p455p", "melds": [{"type": "pong", "tiles": "888p"}],
            "context": {"draws_left": draws, "missing_suit": "s"}})

    answer = asked(8)
    assert shown() == [(e["tile"], e["win_prob"]) for e in answer["discards"]]
    assert len(answer["discards"]) > 1 and all(len(p) == 8 for _, p in shown())
    first = browser.find_element(By.CSS_SELECTOR, "#advice .advice-entry .summary").text
    assert first.startswith(f"win {100 * answer['discards'][0]['win_prob'][-1]:.1f}%")
    assert "without replacement" in browser.find_element(By.ID, "advice-model").text

    done = evaluations(browser)
    field = browser.find_element(By.ID, "advice-draws")
    field.clear()
    field.send_keys("3", Keys.TAB)  # a change evaluates again
    wait_for_evaluation(browser, done)
    assert shown() == [(e["tile"], e["win_prob"]) for e in asked(3)["discards"]]

    png = browser.find_element(By.ID, "advice").screenshot_as_png
    (tmp_path / "playground-advice.png").write_bytes(png)
    SHOT.with_name("hupai-playground-advice.png").write_bytes(png)
    colours = Counter(png_pixels(png))
    # the bars (style.css .chart .bar, #c0392b) and the ready line (#1d5fa8) are drawn
    assert bytes.fromhex("c0392b") in colours and bytes.fromhex("1d5fa8") in colours
