"""Roles and staff in a real browser: a counter screen asked for a change only a manager may make asks for a
manager's name and PIN, says a wrong one, and makes the change with the right one, which the history records
with the screen and the staff member."""

import json
import subprocess

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from catalog_process import REPO_ROOT, catalog_binary, run
from hub_page import browser, hub, pair_program, request, screenshots, text_of, wait_for  # noqa: F401

WIDGET = "0012345678905"


def add_staff(environment, name, role, pin):
    added = subprocess.run([catalog_binary(), "staff", "add", name, "--role", role, "--pin-stdin"], input=pin + "\n",
                           capture_output=True, text=True, cwd=REPO_ROOT, env=environment, timeout=60)
    assert added.returncode == 0, added.stderr
    assert pin not in added.stdout + added.stderr


def answer_pin(browser, name, pin):
    """Types `name` and `pin` in the open PIN dialog and presses OK."""
    fields = browser.find_elements(By.CSS_SELECTOR, "dialog#staff[open] input")
    assert [field.get_attribute("type") for field in fields] == ["text", "password"]
    fields[0].send_keys(name)
    fields[1].send_keys(pin)
    browser.find_element(By.CSS_SELECTOR, "dialog#staff button[value=ok]").click()


def test_a_counter_screen_asks_for_a_managers_pin_for_a_price_change(hub, browser):
    url, environment = hub["url"], hub["environment"]
    add_staff(environment, "Sam", "manager", "4827")
    made = run(["devices", "pair", "--json"], environment)
    assert made.returncode == 0, made.stderr
    browser.get(url + "/pair?code=" + json.loads(made.stdout)["code"])
    name = browser.find_element(By.ID, "device-name")
    name.clear()
    name.send_keys("Till 4")
    name.send_keys(Keys.ENTER)
    wait_for(browser, lambda: browser.find_elements(By.ID, "search"), "the counter screen after pairing")

    # The page asks the hub for a price change as its panel does; the hub refuses a counter's screen.
    browser.execute_script(
        "api(`/api/v1/variations/${arguments[0]}/price`, {method: 'POST', body: {price: '5.55'}})"
        ".then((answer) => { window.changed = answer; }, (error) => { window.failed = error.message; })", WIDGET)
    wait_for(browser, lambda: browser.find_elements(By.CSS_SELECTOR, "dialog#staff[open]"), "the PIN dialog")
    assert "Only a manager can change a price" in text_of(browser, "dialog#staff")
    screenshots(browser, "staff-pin")

    # A wrong PIN: asked again, saying so; nothing changed.
    answer_pin(browser, "Sam", "1111")
    wait_for(browser, lambda: "That is not Sam’s PIN" in text_of(browser, "dialog#staff"), "the wrong PIN said")
    program = pair_program(url, environment, "Checker")
    bearer = {"Authorization": "Bearer " + program["token"]}
    status, shown = request(url + "/api/v1/variations/" + WIDGET, headers=bearer)
    assert status == 200 and shown[0]["price"]["amount"] == 499, shown

    answer_pin(browser, "Sam", "4827")
    wait_for(browser, lambda: browser.execute_script("return window.changed || window.failed"), "the change")
    assert browser.execute_script("return window.failed") is None
    assert not browser.find_elements(By.CSS_SELECTOR, "dialog#staff")
    status, shown = request(url + "/api/v1/variations/" + WIDGET, headers=bearer)
    assert shown[0]["price"]["amount"] == 555, shown
    status, history = request(url + "/api/v1/history?limit=1", headers=bearer)
    assert (history[0]["field"], history[0]["device"], history[0]["staff"]) == ("price", "Till 4", "Sam"), history

    # Cancelled: the change is refused and the page says so; the PIN is not kept for the next change.
    browser.execute_script(
        "window.changed = window.failed = undefined;"
        "api(`/api/v1/variations/${arguments[0]}/price`, {method: 'POST', body: {price: '6.66'}})"
        ".then((answer) => { window.changed = answer; }, (error) => { window.failed = error.message; })", WIDGET)
    wait_for(browser, lambda: browser.find_elements(By.CSS_SELECTOR, "dialog#staff[open]"), "the PIN dialog again")
    browser.find_element(By.CSS_SELECTOR, "dialog#staff button[value='']").click()
    wait_for(browser, lambda: browser.execute_script("return window.failed"), "the refusal")
    assert "Only a manager can change a price" in browser.execute_script("return window.failed")
    status, shown = request(url + "/api/v1/variations/" + WIDGET, headers=bearer)
    assert shown[0]["price"]["amount"] == 555, shown
