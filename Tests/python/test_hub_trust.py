"""The hub on the shop's network: beyond loopback it serves HTTPS with its own CA (made on first start beside
its database), `/ca.pem` gives that CA, `catalog devices pair` gives its fingerprint with the hub's address
and code, and a remote counter (`catalog scan --hub`) pins it: a hub showing another CA is refused and the
counter keeps its scans until the right hub is back.

Linux routes all of 127/8 to lo, so 127.0.0.2 stands for an address beyond loopback: the hub treats only
127.0.0.1, ::1 and localhost as this computer."""

import hashlib
import json
import os
import ssl
import sqlite3
import subprocess
import time
import urllib.error
import urllib.request
import uuid

import pytest

from catalog_process import catalog_binary, free_port, require_program, run, start, stderr_of, stop, synced_demo
from scan_events import Clock, typed

TOKEN = "hub-trust-" + uuid.uuid4().hex[:8]


def environment_in(folder):
    environment = dict(os.environ, HOME=str(folder), CATALOG_DB=str(folder / "hub.sqlite"))
    for name in ["SQUARE_ACCESS_TOKEN", "SQUARE_BASE_URL", "CATALOG_HUB"]:
        environment.pop(name, None)
    return environment


def unchecked():
    """A TLS context that checks nothing: only to fetch /ca.pem, whose fingerprint is then compared."""
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


def fingerprint(pem):
    return hashlib.sha256(ssl.PEM_cert_to_DER_cert(pem)).hexdigest()


def code_in(shown):
    return next(line.split(": ", 1)[1] for line in shown.stdout.splitlines() if line.startswith("Pairing code: "))


def decoded_qr(text, folder):
    """What zbarimg reads from the QR code drawn in half blocks in `text` (the drawn halves are light)."""
    zbarimg = require_program("zbarimg", "zbar-tools")
    rows = [line for line in text.splitlines() if line and set(line) <= set(" ▀▄█")]
    assert len(rows) >= 10, text
    pixels = []
    for line in rows:
        for light in ("▀█", "▄█"):
            row = b"".join((b"\xff" if character in light else b"\x00") * 4 for character in line)
            pixels += [row] * 4
    image = folder / "qr.pgm"
    image.write_bytes(b"P5 %d %d 255\n" % (len(pixels[0]), len(pixels)) + b"".join(pixels))
    read = subprocess.run([zbarimg, "--nodbus", "-q", "--raw", str(image)], capture_output=True, text=True)
    assert read.returncode == 0, read.stderr
    return read.stdout.strip()


def test_beyond_loopback_the_hub_serves_https_with_its_own_ca_and_pairing_carries_its_fingerprint(tmp_path):
    environment = environment_in(tmp_path)
    process, url = start(["serve", "--listen", "127.0.0.2:0", "--sync-every", "0"], environment)
    try:
        assert url.startswith("https://127.0.0.2:")
        with urllib.request.urlopen(url + "/ca.pem", context=unchecked(), timeout=10) as answer:
            pem = answer.read().decode()
        made = run(["devices", "pair", "--json"], environment)
        assert made.returncode == 0, made.stderr
        invitation = json.loads(made.stdout)
        assert set(invitation) == {"code", "expires_at", "url", "ca_sha256"}
        assert invitation["ca_sha256"] == fingerprint(pem)
        assert len(invitation["ca_sha256"]) == 64
        assert invitation["url"] == "%s/pair?code=%s#ca=%s" % (url, invitation["code"], invitation["ca_sha256"])

        # The hub's certificate chain verifies against /ca.pem alone, for the address it listens on.
        pinned = ssl.create_default_context(cadata=pem)
        with urllib.request.urlopen(url + "/api/v1/health", context=pinned, timeout=10) as answer:
            assert (answer.status, json.loads(answer.read())) == (200, {"ok": True})
            assert answer.headers["Strict-Transport-Security"].startswith("max-age=")
        # ... and not against the system's CAs.
        with pytest.raises(urllib.error.URLError):
            urllib.request.urlopen(url + "/api/v1/health", context=ssl.create_default_context(), timeout=10)
        # Plain HTTP there gets no answer.
        with pytest.raises(Exception):
            urllib.request.urlopen(url.replace("https://", "http://") + "/api/v1/health", timeout=10).read()

        # Pairing over it sets a Secure cookie.
        call = urllib.request.Request(url + "/api/v1/pair", method="POST", headers={"Content-Type": "application/json"},
                                      data=json.dumps({"code": invitation["code"], "device_name": "t"}).encode())
        with urllib.request.urlopen(call, context=pinned, timeout=10) as answer:
            assert answer.status == 201
            assert "Secure" in answer.headers["Set-Cookie"] and "HttpOnly" in answer.headers["Set-Cookie"]
            token = json.loads(answer.read())["token"]
        # A counter's device makes no codes: /pair/new (a QR code for a phone) is for a manager's screen.
        call = urllib.request.Request(url + "/pair/new", headers={"Authorization": "Bearer " + token})
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(call, context=pinned, timeout=10)
        assert refused.value.code == 403 and "Only a manager can pair a new device" in refused.value.read().decode()

        # The pairing page offers the CA and its fingerprint.
        with urllib.request.urlopen(url + "/pair", context=pinned, timeout=10) as answer:
            page = answer.read().decode()
        groups = " ".join(invitation["ca_sha256"][start:start + 8] for start in range(0, 64, 8))
        assert groups in page and 'href="/ca.pem"' in page and "Not secure" not in page

        # The terminal shows the address, the fingerprint and a QR code of the pairing address.
        shown = run(["devices", "pair"], environment)
        assert shown.returncode == 0, shown.stderr
        assert "Hub: " + url in shown.stdout and invitation["ca_sha256"] in shown.stdout
        assert decoded_qr(shown.stdout, tmp_path) == invitation["url"].replace(invitation["code"], code_in(shown))

        # A counter given no fingerprint shows the one it got and keeps that CA (trust on first use).
        counter = tmp_path / "counter"
        counter.mkdir()
        counter_environment = environment_in(counter)
        first_use = run(["scan", "--hub", url, "--pair", code_in(shown), "--events", "/dev/null"], counter_environment)
        assert first_use.returncode == 0, first_use.stderr
        assert "trusted on first use" in first_use.stderr and invitation["ca_sha256"] in first_use.stderr
        link = json.loads((counter / ".config" / "catalog" / "hub.json").read_text())
        assert fingerprint(link["ca_pem"]) == invitation["ca_sha256"]

        # The CA is the hub's own, kept private beside its database.
        folder = tmp_path / "hub-tls"
        assert oct(os.stat(folder).st_mode & 0o777) == "0o700"
        for name in ["ca-key.pem", "server-key.pem"]:
            assert oct(os.stat(folder / name).st_mode & 0o777) == "0o600", name
        assert fingerprint((folder / "ca.pem").read_text()) == invitation["ca_sha256"]
    finally:
        stop(process)

    # Started again, the hub keeps its CA: paired devices go on trusting it.
    process, url = start(["serve", "--listen", "127.0.0.2:0", "--sync-every", "0"], environment)
    try:
        with urllib.request.urlopen(url + "/ca.pem", context=unchecked(), timeout=10) as answer:
            assert fingerprint(answer.read().decode()) == invitation["ca_sha256"]
    finally:
        stop(process)


def test_plain_http_beyond_loopback_only_when_asked_and_then_every_page_warns(tmp_path):
    environment = environment_in(tmp_path)
    process, url = start(["serve", "--listen", "127.0.0.2:0", "--sync-every", "0", "--insecure-http"], environment)
    try:
        assert url.startswith("http://127.0.0.2:")
        with urllib.request.urlopen(url + "/pair", timeout=10) as answer:
            assert "Not secure" in answer.read().decode()
        made = run(["devices", "pair", "--json"], environment)
        assert json.loads(made.stdout)["ca_sha256"] is None
        call = urllib.request.Request(url + "/api/v1/pair", method="POST", headers={"Content-Type": "application/json"},
                                      data=json.dumps({"code": json.loads(made.stdout)["code"], "device_name": "t"}).encode())
        with urllib.request.urlopen(call, timeout=10) as answer:
            token = json.loads(answer.read())["token"]
        for page in ["/", "/office/history"]:
            call = urllib.request.Request(url + page, headers={"Authorization": "Bearer " + token, "Accept": "text/html"})
            with urllib.request.urlopen(call, timeout=10) as answer:
                assert "Not secure" in answer.read().decode(), page
    finally:
        stop(process)
        warning = stderr_of(process)
    assert "warning: plain HTTP" in warning and "--insecure-http" in warning
    # On this computer the hub stays plain HTTP, without the warning.
    process, url = start(["serve", "--listen", "127.0.0.1:0", "--sync-every", "0"], environment)
    try:
        assert url.startswith("http://127.0.0.1:")
        with urllib.request.urlopen(url + "/pair", timeout=10) as answer:
            assert "Not secure" not in answer.read().decode()
    finally:
        stop(process)


def scans_file(folder, name, codes):
    clock = Clock()
    path = folder / name
    path.write_bytes(b"".join(typed(code, clock) for code in codes))
    return str(path)


def logged(database):
    with sqlite3.connect(database) as connection:
        return [row[0] for row in connection.execute("SELECT code FROM scans WHERE counter = 'till-9' ORDER BY id")]


def test_a_counter_pins_the_hubs_ca_refuses_another_and_keeps_its_scans_until_the_right_hub_is_back(tmp_path):
    codes = ["0012345678905", "7000000000011", "7000000000028"]
    with synced_demo(tmp_path / "hub", TOKEN) as (_, hub_environment):
        address = "127.0.0.2:%d" % free_port()
        serve = ["serve", "--listen", address, "--location", "High Street", "--sync-every", "0"]
        hub, url = start(serve, hub_environment)
        counter_folder = tmp_path / "counter"
        counter_folder.mkdir()
        counter_database = str(counter_folder / "catalog.sqlite")
        counter_environment = environment_in(counter_folder)
        counter_environment.update(CATALOG_DB=counter_database, CATALOG_COUNTER="till-9")
        try:
            invitation = json.loads(run(["devices", "pair", "--json"], hub_environment).stdout)
            # A fingerprint that is not the hub's: nothing is sent, and the code still pairs afterwards.
            wrong = run(["scan", "--hub", url, "--pair", invitation["code"], "--ca-sha256", "0" * 64,
                         "--events", "/dev/null"], counter_environment)
            assert wrong.returncode == 65, wrong.stderr
            assert "posing as the hub" in wrong.stderr and "Nothing was sent" in wrong.stderr
            # The pairing address carries the code and the fingerprint.
            paired = run(["scan", "--hub", invitation["url"], "--events",
                          scans_file(counter_folder, "first", codes[:1]), "--json"], counter_environment)
            assert paired.returncode == 0, paired.stderr
            assert [json.loads(line)["code"] for line in paired.stdout.splitlines()] == codes[:1]
            link = json.loads((counter_folder / ".config" / "catalog" / "hub.json").read_text())
            assert fingerprint(link["ca_pem"]) == invitation["ca_sha256"]
        finally:
            stop(hub)

        # Another hub (another data folder, so another CA) at the same address: refused, scans kept.
        other_environment = dict(hub_environment, CATALOG_DB=str(tmp_path / "other" / "catalog.sqlite"))
        os.makedirs(tmp_path / "other")
        impostor, _ = start(serve, other_environment)
        try:
            counter = subprocess.Popen(
                [catalog_binary(), "scan", "--hub", url, "--events", scans_file(counter_folder, "later", codes[1:]),
                 "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=counter_environment)
            deadline = time.time() + 30
            notes = ""
            while "does not trust" not in notes and time.time() < deadline:
                notes += counter.stderr.readline()
            assert "showed a certificate this counter does not trust" in notes, notes
            counter.terminate()
            out, rest = counter.communicate(timeout=30)
            assert counter.returncode == 75, notes + rest
            assert out == "", "the other hub answered nothing"
            with sqlite3.connect(counter_database) as connection:
                kept = connection.execute("SELECT count(*) FROM hub_queue WHERE posted_at IS NULL").fetchone()[0]
            assert kept == 2
        finally:
            stop(impostor)
        assert logged(other_environment["CATALOG_DB"]) == []

        # The right hub is back: the kept scans go to it, in order.
        hub, _ = start(serve, hub_environment)
        try:
            resumed = run(["scan", "--hub", url, "--events", "/dev/null", "--json"], counter_environment, timeout=120)
            assert resumed.returncode == 0, resumed.stderr
            assert [json.loads(line)["code"] for line in resumed.stdout.splitlines()] == codes[1:]
        finally:
            stop(hub)
        assert logged(hub_environment["CATALOG_DB"]) == codes


def test_the_service_unit_runs_the_hub_with_https_on_the_shops_network(tmp_path):
    """contrib/catalog-serve.service (which the Debian package installs) as it stands, but for the address:
    127.0.0.2 and a free port for 0.0.0.0:8443."""
    unit = open(os.path.join(os.path.dirname(__file__), "..", "..", "contrib", "catalog-serve.service")).read()
    command = next(line for line in unit.splitlines() if line.startswith("ExecStart=/")).split()
    assert command[:2] == ["ExecStart=/usr/local/bin/catalog", "serve"], command
    listen = command.index("--listen")
    assert command[listen + 1] == "0.0.0.0:8443" and "--insecure-http" not in command
    command[listen + 1] = "127.0.0.2:%d" % free_port()
    process, url = start(command[1:] + ["--sync-every", "0"], environment_in(tmp_path))
    try:
        assert url.startswith("https://127.0.0.2:")
        pem = (tmp_path / "hub-tls" / "ca.pem").read_text()
        with urllib.request.urlopen(url + "/api/v1/health", context=ssl.create_default_context(cadata=pem),
                                    timeout=10) as answer:
            assert answer.status == 200
    finally:
        stop(process)
