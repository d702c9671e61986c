"""The playground's links and exchanges in real Chromium (tests/deploy/chromium.py): a link
``/#/{variant}/{operation}?body=<request JSON>`` fills the form and evaluates it, every
evaluation writes its request into the address, and beside every answer the page shows the
request as a curl line and the request and answer JSON — each checked against the service's own
answer to the same request, never a copy of it. Also: refusals and non-wins in words, a typed
hand that drops the melds of the one before, and discards with the same outcome listed once.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote

import yaml
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import Select, WebDriverWait

from tests.deploy import live
from tests.deploy.chromium import WAIT, api, evaluations, in_hand, wait_for_evaluation

CONTRACT = yaml.safe_load((Path(__file__).parents[2] / "service" / "openapi.yaml").read_text())
SCHEMAS = CONTRACT["components"]["schemas"]


def link(instance: live.Instance, variant: str, op: str, body: Any) -> str:
    return f"{instance.url}/#/{variant}/{op}?body={quote(json.dumps(body))}"


def open_link(driver: WebDriver, url: str) -> None:
    """Opens a link in a fresh page and waits for its evaluation."""
    driver.get("about:blank")
    driver.get(url)
    wait_for_evaluation(driver, 0)


def shown_json(driver: WebDriver, op: str, which: str) -> Any:
    """The request or answer JSON shown beside ``op``'s answer (its text, folded or not)."""
    pre = driver.find_element(By.CSS_SELECTOR, f"#exchange-{op} .{which}-json")
    return json.loads(pre.get_attribute("textContent") or "")


def address_request(driver: WebDriver) -> tuple[str, str, Any]:
    """The variant, operation and request the page's address holds now."""
    fragment = driver.execute_script("return location.hash")
    path, _, query = fragment.removeprefix("#/").partition("?body=")
    variant, op = path.split("/")
    return variant, op, json.loads(unquote(query))


def example(path: str, name: str) -> Any:
    """A request example of openapi.yaml."""
    content = CONTRACT["paths"][path]["post"]["requestBody"]["content"]["application/json"]
    return content["examples"][name]["value"]


def test_a_link_fills_the_form_and_evaluates_it(
        browser: WebDriver, shared_service: live.Instance) -> None:
    # 长沙: 清一色 on a discard, seats for payments, two birds, and two options changed
    body = {"hand": "1223344556789p", "win_tile": "5p",
            "context": {"win_type": "discard", "birds": "4p7s",
                        "seats": {"dealer": 0, "winner": 0, "discarder": 2}},
            "options": {"bird_mode": "double", "zhuang_xian": False}}
    open_link(browser, link(shared_service, "changsha", "fan", body))
    answer = api(shared_service, "/v1/changsha/fan", body)
    assert browser.find_element(By.ID, "variant").get_attribute("value") == "changsha"
    assert sorted(in_hand(browser)) == sorted(["1p", "2p", "2p", "3p", "3p", "4p", "4p", "5p",
                                               "5p", "6p", "7p", "8p", "9p", "5p"])
    option = browser.find_element(By.CSS_SELECTOR, '[data-option="bird_mode"]')
    assert option.get_attribute("value") == json.dumps("double")
    assert shown_json(browser, "fan", "answer") == answer
    assert browser.find_element(By.ID, "verdict").text.endswith(f"{answer['fan']} fan")
    # the address is the request made: opened again, it asks the same
    variant, op, request = address_request(browser)
    assert (variant, op) == ("changsha", "fan")
    assert api(shared_service, "/v1/changsha/fan", request) == answer


def test_every_evaluation_writes_its_request_into_the_address(
        browser: WebDriver, shared_service: live.Instance) -> None:
    browser.get(shared_service.url + "/")
    wait_for_evaluation(browser, 0)
    variant, op, first = address_request(browser)  # the example, evaluated
    assert (variant, op) == ("sichuan", "fan") and first == shown_json(browser, "fan", "request")
    browser.find_element(By.ID, "back").click()  # the win tile back, another tile in its place
    browser.find_element(By.CSS_SELECTOR, '#palette [data-tile="2p"]').click()
    done = evaluations(browser)
    browser.find_element(By.ID, "evaluate").click()
    wait_for_evaluation(browser, done)
    _, _, second = address_request(browser)
    assert second["win_tile"] == "2p" and second != first
    verdict = browser.find_element(By.ID, "verdict").text
    answer = shown_json(browser, "fan", "answer")

    shared = browser.current_url
    open_link(browser, shared)  # the copied address reproduces the page
    assert browser.find_element(By.ID, "verdict").text == verdict
    assert shown_json(browser, "fan", "answer") == answer \
        == api(shared_service, "/v1/sichuan/fan", second)

    # a new draw count asks advice, and the address holds that request
    done = evaluations(browser)
    field = browser.find_element(By.ID, "advice-draws")
    # typed over in one change (a clear() alone is a change of its own, evaluated first)
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys("5", Keys.TAB)
    wait_for_evaluation(browser, done)
    _, op, advice = address_request(browser)
    assert op == "advice" and advice["context"]["draws_left"] == 5
    open_link(browser, browser.current_url)
    assert browser.find_element(By.ID, "advice-draws").get_attribute("value") == "5"
    assert shown_json(browser, "advice", "answer") == api(shared_service, "/v1/sichuan/advice",
                                                          advice)
    assert shown_json(browser, "fan", "request")["win_tile"] == "2p"  # its 14th tile, again


def test_a_link_the_form_cannot_hold_whole_keeps_the_rest(
        browser: WebDriver, shared_service: live.Instance) -> None:
    # openapi.yaml's 南昌 claims example: its 精 given as {zheng, fu} and a passed win, which
    # the form has no control for; the page sends them as they came and names them
    body = example("/v1/nanchang/claims", "guo-shou-hu")
    open_link(browser, link(shared_service, "nanchang", "claims", body))
    WebDriverWait(browser, WAIT).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, "#exchange-claims .answer-json"))
    answer = api(shared_service, "/v1/nanchang/claims", body)
    assert shown_json(browser, "claims", "answer") == answer
    kept = browser.find_element(By.ID, "carried")
    assert kept.is_displayed()
    assert set(browser.find_element(By.ID, "carried-names").text.split(", ")) \
        == {"context.jing", "context.passed"}
    assert address_request(browser)[1] == "claims"


def test_the_curl_line_asks_what_the_page_asked(
        browser: WebDriver, shared_service: live.Instance) -> None:
    browser.get(shared_service.url + "/")
    wait_for_evaluation(browser, 0)
    for op in ("fan", "waits", "discards", "advice", "settle"):
        line = browser.find_element(By.CSS_SELECTOR, f"#exchange-{op} .curl-line")
        command = line.get_attribute("textContent") or ""
        assert command.startswith(f"curl -sS '{shared_service.url}/v1/sichuan/{op}'"), command
        ran = subprocess.run(["bash", "-c", command], capture_output=True, text=True,
                             timeout=60, check=True)
        answered = json.loads(ran.stdout)
        assert answered == shown_json(browser, op, "answer"), op
        assert answered == api(shared_service, f"/v1/sichuan/{op}",
                               shown_json(browser, op, "request")), op

    # the copy button puts that line on the clipboard
    browser.execute_cdp_cmd("Browser.grantPermissions", {
        "origin": shared_service.url, "permissions": ["clipboardReadWrite",
                                                      "clipboardSanitizedWrite"]})
    exchange = browser.find_element(By.ID, "exchange-fan")
    exchange.find_element(By.TAG_NAME, "summary").click()
    exchange.find_element(By.CSS_SELECTOR, "button.copy").click()
    WebDriverWait(browser, WAIT).until(
        lambda d: exchange.find_element(By.CSS_SELECTOR, "button.copy").text == "Copied")
    copied = browser.execute_async_script(
        "navigator.clipboard.readText().then(arguments[arguments.length - 1])")
    assert copied == exchange.find_element(By.CSS_SELECTOR, ".curl-line").text


def test_refusals_and_non_wins_are_in_words(
        browser: WebDriver, shared_service: live.Instance) -> None:
    browser.get(shared_service.url + "/")
    wait_for_evaluation(browser, 0)
    words = browser.execute_script("return {refused: Words.REFUSED, no_win: Words.NO_WIN}")
    # every code the contract can answer has words, and the words are not the code
    assert set(words["refused"]) == set(SCHEMAS["ClaimsRefusal"]["properties"]["reason"]["enum"])
    assert set(words["no_win"]) == set(SCHEMAS["Reason"]["enum"])
    for table in words.values():
        assert all(code not in text and " " in text for code, text in table.items())

    # 四川's locked-kongs example: a refused kong, drawn in words
    body = example("/v1/sichuan/claims", "locked-kongs")
    open_link(browser, link(shared_service, "sichuan", "claims", body))
    refused = api(shared_service, "/v1/sichuan/claims", body)["refused"]
    WebDriverWait(browser, WAIT).until(
        lambda d: len(d.find_elements(By.CSS_SELECTOR, "#claims .refused")) == len(refused))
    assert refused and not browser.find_element(By.ID, "carried").is_displayed()
    for item, expected in zip(browser.find_elements(By.CSS_SELECTOR, "#claims .refused"),
                              refused, strict=True):
        assert item.get_attribute("data-reason") == expected["reason"]
        assert words["refused"][expected["reason"]] in item.text
        assert expected["reason"] not in item.text

    # a hand holding its missing suit: the verdict says why in words
    body = {"hand": "123m456m789m11p23s", "win_tile": "1s",
            "context": {"win_type": "self_draw", "missing_suit": "s"}}
    open_link(browser, link(shared_service, "sichuan", "fan", body))
    answer = api(shared_service, "/v1/sichuan/fan", body)
    assert answer["win"] is False
    assert browser.find_element(By.ID, "verdict").text \
        == f"No win: {words['no_win'][answer['reason']]}"


def test_a_typed_hand_drops_the_melds_of_the_one_before(
        browser: WebDriver, shared_service: live.Instance) -> None:
    browser.get(shared_service.url + "/")
    wait_for_evaluation(browser, 0)
    assert browser.find_elements(By.CSS_SELECTOR, "#hand button.meld")  # the example's 888p
    field = browser.find_element(By.ID, "hand-input")
    field.clear()
    field.send_keys("1112345678999m")
    win = browser.find_element(By.ID, "win-input")
    win.clear()
    win.send_keys("5m")
    done = evaluations(browser)
    win.send_keys(Keys.ENTER)
    wait_for_evaluation(browser, done)
    assert not browser.find_elements(By.CSS_SELECTOR, "#hand button.meld")
    assert browser.find_element(By.CSS_SELECTOR, "#hand .count").text == "13/13 + win tile"
    request = shown_json(browser, "fan", "request")
    assert "melds" not in request and request["hand"] == "1112345678999m"
    assert shown_json(browser, "fan", "answer") == api(shared_service, "/v1/sichuan/fan", request)


def test_discards_that_leave_the_same_waits_are_listed_once(
        browser: WebDriver, shared_service: live.Instance) -> None:
    # 南昌's example, 精 5z: the hand waits on every kind, and so it does after two discards
    open_link(browser, link(shared_service, "nanchang", "fan", {
        "hand": "123m456m789m5z1p23p", "win_tile": "4p",
        "context": {"win_type": "self_draw", "indicator": "5z"}}))
    waits = api(shared_service, "/v1/nanchang/waits", shown_json(browser, "waits", "request"))
    shown = [t.get_attribute("data-tile")
             for t in browser.find_elements(By.CSS_SELECTOR, "#waits [data-tile]")]
    assert shown == [w["tile"] for w in waits["waits"]] and len(set(shown)) == len(shown)

    discards = api(shared_service, "/v1/nanchang/discards",
                   shown_json(browser, "discards", "request"))["discards"]
    outcome: dict[str, list[str]] = {}
    for d in discards:
        key = json.dumps([d["shanten"], d["waits"], d["effective_tiles"]])
        outcome.setdefault(key, []).append(d["tile"])
    items = browser.find_elements(By.CSS_SELECTOR, "#discards li")
    assert [i.get_attribute("data-tiles") for i in items] \
        == [" ".join(tiles) for tiles in list(outcome.values())[:6]]
    assert any(len(tiles) > 1 for tiles in outcome.values())  # some discards do share one
    lists = [tuple(t.get_attribute("data-tile") for t in i.find_elements(
        By.CSS_SELECTOR, ".waits [data-tile]")) for i in items]
    listed = [tiles for tiles in lists if tiles]
    assert len(set(listed)) == len(listed)


def test_room_options_are_grouped_with_their_labels_and_descriptions(
        browser: WebDriver, shared_service: live.Instance) -> None:
    browser.get(shared_service.url + "/")
    wait_for_evaluation(browser, 0)
    browser.find_element(By.CSS_SELECTOR, "#options-box summary").click()  # open the options
    groups = browser.execute_script("return Words.GROUPS")
    order = browser.execute_script("return Object.keys(Words.GROUPS)")  # (a list keeps it)
    assert order[0] == "room"  # the room first: it decides the seats, palette and size
    for variant in ("sichuan", "changsha", "nanchang", "hongzhong"):
        if variant != "sichuan":
            done = evaluations(browser)
            Select(browser.find_element(By.ID, "variant")).select_by_value(variant)
            wait_for_evaluation(browser, done)
        listed = shared_service.request("GET", f"/v1/variants/{variant}").json()["options"]
        # the service's groups, in the page's order of groups and the service's within each
        expected = [(g, [o["name"] for o in listed if o["group"] == g]) for g in order]
        shown = [(box.get_attribute("data-group"),
                  [c.get_attribute("data-option") for c in box.find_elements(
                      By.CSS_SELECTOR, "[data-option]")])
                 for box in browser.find_elements(By.CSS_SELECTOR, "#options .option-group")]
        assert shown == [(g, names) for g, names in expected if names], variant
        for box in browser.find_elements(By.CSS_SELECTOR, "#options .option-group"):
            legend = box.find_element(By.TAG_NAME, "legend")
            assert legend.text == groups[box.get_attribute("data-group")]
        for option in listed:  # each with its label and its description, shown, not hovered
            item = browser.find_element(By.CSS_SELECTOR,
                                        f'#options .option[data-name="{option["name"]}"]')
            label = item.find_element(By.TAG_NAME, "label")
            # the name in words ("max_fan": "Max fan"), then the name a request spells
            assert label.find_element(By.CSS_SELECTOR, ".label").text \
                == option["name"].replace("_", " ").capitalize()
            assert label.find_element(By.CSS_SELECTOR, "code.name").text == option["name"]
            description = item.find_element(By.CSS_SELECTOR, ".description")
            assert description.is_displayed() and description.text == option["description"]


def test_the_deal_panel_shows_dingque_and_exchange_in_words(
        browser: WebDriver, shared_service: live.Instance) -> None:
    # a 13-tile hand by link: 定缺 and 换三张 asked of it, drawn as the service answers them
    body = {"hand": "123456789m1257p"}  # 9 万, 4 筒, no 条
    open_link(browser, link(shared_service, "sichuan", "dingque", body))
    WebDriverWait(browser, WAIT).until(
        lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-dealt"))
    assert browser.find_element(By.ID, "deal-form").is_displayed()
    dingque = api(shared_service, "/v1/sichuan/dingque", body)
    exchange = api(shared_service, "/v1/sichuan/exchange", body)
    assert shown_json(browser, "dingque", "request") == body
    assert shown_json(browser, "dingque", "answer") == dingque
    assert shown_json(browser, "exchange", "answer") == exchange
    assert address_request(browser) == ("sichuan", "dingque", body)
    choice = browser.find_element(By.ID, "dingque-choice")
    assert choice.get_attribute("data-suit") == dingque["choice"]
    assert choice.text.startswith(f"Declare {dingque['choice']} ")
    rows = browser.find_elements(By.CSS_SELECTOR, "#dingque-suits tbody tr")
    assert [[c.text for c in r.find_elements(By.TAG_NAME, "td")] for r in rows] == [
        [f"{s['suit']} {'万筒条'['mps'.index(s['suit'])]}", str(s["tiles"]), str(s["shanten"]),
         str(s["effective_count"])] for s in dingque["suits"]]
    given = browser.find_element(By.ID, "exchange-choice")
    assert [t.get_attribute("data-tile") for t in given.find_elements(
        By.CSS_SELECTOR, "[data-tile]")] == exchange["choice"]["tiles"] + \
        exchange["baseline"]["tiles"]
    assert f"expected shanten {exchange['choice']['expected_shanten']}" in given.text
    items = browser.find_elements(By.CSS_SELECTOR, "#exchange-candidates li")
    assert [i.get_attribute("data-tiles") for i in items] \
        == [" ".join(c["tiles"]) for c in exchange["candidates"][:6]]

    # the button asks again of the hand on the page: the 14th tile of the dealer counted
    browser.find_element(By.CSS_SELECTOR, '#palette [data-tile="3s"]').click()
    dealt = int(browser.find_element(By.TAG_NAME, "body").get_attribute("data-dealt") or 0)
    browser.find_element(By.ID, "deal-go").click()
    WebDriverWait(browser, WAIT).until(lambda d: int(
        d.find_element(By.TAG_NAME, "body").get_attribute("data-dealt") or 0) > dealt)
    request = shown_json(browser, "exchange", "request")
    assert request == {"hand": "123456789m1257p3s"}
    assert shown_json(browser, "dingque", "answer") \
        == api(shared_service, "/v1/sichuan/dingque", request)
    assert shown_json(browser, "exchange", "answer") \
        == api(shared_service, "/v1/sichuan/exchange", request)

    # a hand that is not dealt is not asked, and the page says why
    browser.find_element(By.ID, "back").click()
    browser.find_element(By.ID, "back").click()  # 12 tiles
    browser.find_element(By.ID, "deal-go").click()
    why = browser.find_element(By.ID, "deal-why")
    assert why.is_displayed() and "12 tiles" in why.text
    assert not browser.find_element(By.ID, "exchange-dingque").is_displayed()
    assert not browser.find_elements(By.CSS_SELECTOR, "#dingque-suits tbody tr")
