"""`catalog serve --tls-cert --tls-key`: the hub on HTTPS with the shop's own certificate (here a
self-signed one made with openssl for 127.0.0.1). Its answers come over TLS only, its device cookie is
Secure, and a certificate or key it cannot use stops it at start with a message naming the file."""

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
