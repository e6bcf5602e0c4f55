"""Running the `catalog` binary from the Python tests: finding it, starting a server it runs
(`catalog sandbox`, `catalog webhook serve`) until it prints its address, and stopping it."""

import contextlib
import os
import queue
import socket
import subprocess
import threading

import pytest

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LISTENING = "listening on "
START_TIMEOUT_SECONDS = 60


def free_port():
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def catalog_binary():
    """The binary under test: CATALOG_BIN, else the debug build of this checkout; fails the test if absent."""
    path = os.environ.get("CATALOG_BIN", os.path.join(".build", "debug", "catalog"))
    path = path if os.path.isabs(path) else os.path.join(REPO_ROOT, path)
    if not os.access(path, os.X_OK):
        pytest.fail("no catalog binary at %s: run `swift build` or set CATALOG_BIN" % path)
    return path


def start(arguments, environment=None, cwd=REPO_ROOT):
    """Starts `catalog ARGUMENTS`; returns (process, the URL it printed) once it listens. The lines it prints
    after that wait in `process.lines` (a queue; None once it has closed its output)."""
    process = subprocess.Popen(
        [catalog_binary()] + list(arguments), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        cwd=cwd, env=environment)
    lines = queue.Queue()

    def read_stdout():
        for line in process.stdout:
            lines.put(line)
        lines.put(None)

    threading.Thread(target=read_stdout, daemon=True).start()
    process.lines = lines
    while True:
        line = lines.get(timeout=START_TIMEOUT_SECONDS)
        if line is None:
            pytest.fail("catalog %s exited (%s) before listening: %s"
                        % (arguments[0], process.wait(), process.stderr.read()[-2000:]))
        if LISTENING in line:
            return process, line.split(LISTENING, 1)[1].strip()


def stop(process):
    """Stops a started process, killing it if it does not end within 10 seconds."""
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def run(arguments, environment, timeout=300):
    """Runs `catalog ARGUMENTS` to its end; returns the finished process (stdout and stderr as text)."""
    return subprocess.run([catalog_binary()] + list(arguments), capture_output=True, text=True, cwd=REPO_ROOT,
                          env=environment, timeout=timeout)


@contextlib.contextmanager
def synced_demo(folder, token):
    """The demo shop in `catalog sandbox`, synced into `folder`/catalog.sqlite by a counter at High Street;
    yields (the sandbox's URL, the environment `catalog` runs with). The sandbox stops afterwards."""
    process, url = start(["sandbox", "--port", "0", "--seed", "demo", "--token", token])
    environment = dict(os.environ, SQUARE_BASE_URL=url, SQUARE_ACCESS_TOKEN=token,
                       CATALOG_DB=os.path.join(str(folder), "catalog.sqlite"), CATALOG_LOCATION="High Street",
                       HOME=str(folder))
    try:
        synced = run(["sync"], environment)
        assert synced.returncode == 0, synced.stderr
        yield url, environment
    finally:
        stop(process)
