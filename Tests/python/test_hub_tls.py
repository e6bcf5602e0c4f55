"""`catalog serve --tls-cert --tls-key`: the hub on HTTPS with the shop's own certificate (here a
self-signed one made with openssl for 127.0.0.1). Its answers come over TLS only, its device cookie is
Secure, and a certificate or key it cannot use (unreadable, expired, not yet valid, of another pair) stops it
at start (exit 78) with a message naming the file and what to do. The hub's own CA: test_hub_trust.py."""

import json
import os
import ssl
import subprocess
import urllib.error
import urllib.request

import pytest

from catalog_process import catalog_binary, require_program, run, start, stop


@pytest.fixture
def certificate(tmp_path):
    openssl = require_program("openssl", "openssl")
    key, cert = tmp_path / "hub.key", tmp_path / "hub.pem"
    made = subprocess.run([openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key),
                           "-out", str(cert), "-days", "2", "-subj", "/CN=catalog hub test",
                           "-addext", "subjectAltName=IP:127.0.0.1"], capture_output=True, text=True)
    assert made.returncode == 0, made.stderr
    return str(cert), str(key)


def environment_in(folder):
    environment = dict(os.environ, HOME=str(folder), CATALOG_DB=str(folder / "hub.sqlite"))
    environment.pop("SQUARE_ACCESS_TOKEN", None)
    return environment


def test_the_hub_answers_over_https_only_and_its_cookie_is_secure(tmp_path, certificate):
    cert, key = certificate
    environment = environment_in(tmp_path)
    process, url = start(["serve", "--listen", "127.0.0.1:0", "--tls-cert", cert, "--tls-key", key], environment)
    try:
        assert url.startswith("https://127.0.0.1:")
        trusted = ssl.create_default_context(cafile=cert)
        with urllib.request.urlopen(url + "/api/v1/health", context=trusted, timeout=10) as answer:
            assert (answer.status, json.loads(answer.read())) == (200, {"ok": True})
        # Plain HTTP on the same port gets no answer.
        with pytest.raises(Exception):
            urllib.request.urlopen(url.replace("https://", "http://") + "/api/v1/health", timeout=10).read()
        # A client that does not trust the shop's certificate is refused by its own TLS check.
        with pytest.raises(urllib.error.URLError):
            urllib.request.urlopen(url + "/api/v1/health", context=ssl.create_default_context(), timeout=10)
        made = run(["devices", "pair", "--json"], environment)
        assert made.returncode == 0, made.stderr
        body = json.dumps({"code": json.loads(made.stdout)["code"], "device_name": "tls test"}).encode()
        request = urllib.request.Request(url + "/api/v1/pair", data=body, method="POST",
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, context=trusted, timeout=10) as answer:
            assert answer.status == 201
            cookie = answer.headers["Set-Cookie"]
        assert "Secure" in cookie and "HttpOnly" in cookie and "SameSite=Strict" in cookie
    finally:
        stop(process)


def dated_certificate(folder, start, end):
    """A self-signed certificate for 127.0.0.1 valid from `start` to `end` (YYYYMMDDHHMMSSZ), and its key:
    `openssl ca -selfsign` is the one openssl 3.0 command that sets both dates."""
    openssl = require_program("openssl", "openssl")
    (folder / "db").mkdir()
    (folder / "db" / "index.txt").write_text("")
    (folder / "db" / "serial").write_text("01\n")
    (folder / "ca.cnf").write_text(
        "[ca]\ndefault_ca = here\n[here]\ndatabase = db/index.txt\nnew_certs_dir = db\nserial = db/serial\n"
        "default_md = sha256\npolicy = any\ncopy_extensions = copy\n[any]\ncommonName = supplied\n")
    request = subprocess.run([openssl, "req", "-new", "-newkey", "rsa:2048", "-nodes", "-keyout", "dated.key",
                              "-out", "dated.csr", "-subj", "/CN=catalog hub test",
                              "-addext", "subjectAltName=IP:127.0.0.1"], capture_output=True, text=True, cwd=folder)
    assert request.returncode == 0, request.stderr
    signed = subprocess.run([openssl, "ca", "-batch", "-config", "ca.cnf", "-selfsign", "-keyfile", "dated.key",
                             "-in", "dated.csr", "-out", "dated.pem", "-startdate", start, "-enddate", end],
                            capture_output=True, text=True, cwd=folder)
    assert signed.returncode == 0, signed.stderr
    return str(folder / "dated.pem"), str(folder / "dated.key")


def test_an_expired_certificate_one_not_yet_valid_and_a_key_of_another_are_each_named(tmp_path, certificate):
    cert, key = certificate
    environment = environment_in(tmp_path)
    (tmp_path / "old").mkdir()
    (tmp_path / "future").mkdir()
    expired = dated_certificate(tmp_path / "old", "20200101000000Z", "20210101000000Z")
    future = dated_certificate(tmp_path / "future", "20400101000000Z", "20410101000000Z")
    for (certificate_file, key_file), words in [
        (expired, "expired on 2021-01-01"),
        (future, "if the clock is far off"),
        ((cert, expired[1]), "does not belong to the certificate"),
    ]:
        refused = subprocess.run(
            [catalog_binary(), "serve", "--listen", "127.0.0.1:0", "--tls-cert", certificate_file, "--tls-key",
             key_file], capture_output=True, text=True, env=environment, timeout=60)
        assert refused.returncode == 78, refused.stderr
        assert words in refused.stderr and "failedTo" not in refused.stderr


def test_a_certificate_or_key_the_hub_cannot_use_stops_it_at_start(tmp_path, certificate):
    cert, key = certificate
    environment = environment_in(tmp_path)
    broken = tmp_path / "broken.key"
    broken.write_text("not a key\n")
    for arguments, status, named in [
        (["--tls-cert", cert, "--tls-key", str(broken)], 78, "--tls-key"),
        (["--tls-cert", str(tmp_path / "missing.pem"), "--tls-key", key], 78, "--tls-cert"),
        (["--tls-cert", cert], 64, "--tls-key"),
    ]:
        refused = subprocess.run([catalog_binary(), "serve", "--listen", "127.0.0.1:0"] + arguments,
                                 capture_output=True, text=True, env=environment, timeout=60)
        assert refused.returncode == status, refused.stderr
        assert named in refused.stderr and "Traceback" not in refused.stderr


def test_a_browser_pairs_over_https_and_http2_gets_live_scans_and_the_qr_code_for_a_phone(tmp_path):
    """Chromium on the hub's own CA (trusted by its server key's SPKI, the one way a headless Chromium takes
    a private CA without a certificate store): it pairs at the sign-in address `catalog serve` prints, gets
    the counter screen over HTTP/2, sees a scan posted by a program as it happens, and `/pair/new` shows a QR
    code that zbarimg reads as the pairing address, the CA's fingerprint in it."""
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    from catalog_process import synced_demo
    from hub_page import artifacts, console_errors, sign_in_address, text_of, wait_for

    openssl = require_program("openssl", "openssl")
    zbarimg = require_program("zbarimg", "zbar-tools")
    chromedriver = require_program("chromedriver", "chromium-driver", ["/usr/bin/chromedriver"])
    with synced_demo(tmp_path / "hub", "hub-tls-browser") as (_, environment):
        process, url = start(["serve", "--listen", "127.0.0.2:0", "--location", "High Street"], environment)
        driver = None
        try:
            sign_in = sign_in_address(process)
            folder = tmp_path / "hub" / "hub-tls"
            spki = subprocess.run(
                "%s x509 -in server.pem -pubkey -noout | %s pkey -pubin -outform der | %s dgst -sha256 -binary "
                "| base64" % (openssl, openssl, openssl), shell=True, cwd=folder, capture_output=True, text=True)
            assert spki.returncode == 0, spki.stderr
            options = Options()
            for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                             "--window-size=1024,900", "--user-data-dir=%s" % (tmp_path / "chromium"),
                             "--ignore-certificate-errors-spki-list=" + spki.stdout.strip()]:
                options.add_argument(argument)
            options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
            driver = webdriver.Chrome(service=Service(chromedriver), options=options)
            driver.get(sign_in)
            name = driver.find_element(By.ID, "device-name")
            name.clear()
            name.send_keys("Hub screen")
            name.send_keys(Keys.ENTER)
            wait_for(driver, lambda: driver.find_elements(By.ID, "search"), "the counter screen after pairing")
            assert driver.current_url == url + "/"
            assert driver.execute_script(
                "return performance.getEntriesByType('navigation')[0].nextHopProtocol") == "h2"

            # A program's scan reaches the open page over its event stream.
            trusted = ssl.create_default_context(cafile=str(folder / "ca.pem"))
            made = run(["devices", "pair", "--json"], environment)
            body = json.dumps({"code": json.loads(made.stdout)["code"], "device_name": "till-3"}).encode()
            call = urllib.request.Request(url + "/api/v1/pair", data=body, method="POST",
                                          headers={"Content-Type": "application/json"})
            with urllib.request.urlopen(call, context=trusted, timeout=10) as answer:
                token = json.loads(answer.read())["token"]
            scan = urllib.request.Request(
                url + "/api/v1/scans", method="POST", data=json.dumps(
                    {"id": "tls-1", "code": "05012345003627", "counter": "till-3"}).encode(),
                headers={"Content-Type": "application/json", "Authorization": "Bearer " + token})
            with urllib.request.urlopen(scan, context=trusted, timeout=10) as answer:
                assert answer.status == 201
            wait_for(driver, lambda: "till-3" in text_of(driver, "#scans"), "the scan over HTTP/2's event stream")
            assert console_errors(driver) == []

            driver.get(url + "/pair/new")
            picture = os.path.join(artifacts(), "pair-new-tls.png")
            driver.save_screenshot(picture)
            read = subprocess.run([zbarimg, "--nodbus", "-q", "--raw", picture], capture_output=True, text=True)
            assert read.returncode == 0, read.stderr
            fingerprint = json.loads(made.stdout)["ca_sha256"]
            assert read.stdout.strip().startswith(url + "/pair?code=")
            assert read.stdout.strip().endswith("#ca=" + fingerprint)
        finally:
            if driver is not None:
                driver.quit()
            stop(process)
