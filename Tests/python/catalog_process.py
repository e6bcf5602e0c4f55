"""Running the `catalog` binary from the Python tests: finding it, starting a server it runs
(`catalog sandbox`, `catalog webhook serve`) until it prints its address, and stopping it; and the one rule
for a tool a test needs from the machine (`require_program`, `require_module`): missing in CI (`CI=true`), the
test fails naming the tool and its package; anywhere else it is skipped, saying the same."""

import collections
import contextlib
import importlib
import os
import pathlib
import queue
import random
import shutil
import socket
import subprocess
import tempfile
import threading
import time

import pytest

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LISTENING = "listening on "
START_TIMEOUT_SECONDS = 60


def in_ci():
    """Whether this run is CI's: the environment variable CI is `true` (CI sets it)."""
    return os.environ.get("CI") == "true"


def tool_missing(what):
    """Fails the test in CI, skips it elsewhere: `what` is missing (a tool and the package that has it)."""
    message = "needs %s; scripts/setup.sh --with-test-tools installs it" % what
    if in_ci():
        pytest.fail("CI=true and this test " + message)
    pytest.skip(message)


def require_program(name, debian, paths=()):
    """The path of the program `name` (on PATH, else at one of `paths`) from the Debian package `debian`;
    without it, the test fails in CI and is skipped elsewhere."""
    found = shutil.which(name) or next((path for path in paths if os.access(path, os.X_OK)), None)
    if found is None:
        tool_missing("%s (Debian's %s)" % (name, debian))
    return found


def require_module(module, pypi):
    """The Python module `module`, imported, from the PyPI package `pypi`; without it, the test fails in CI
    and is skipped elsewhere."""
    try:
        return importlib.import_module(module)
    except ImportError:
        tool_missing("the Python module %s (PyPI's %s)" % (module, pypi))


def free_port():
    """A TCP port on 127.0.0.1 that nothing listens on now, for a server started a little later. It is drawn
    below the kernel's ephemeral range: a port from bind(0) is one the next outgoing connection (a sync's
    requests) or a `--port 0` server may take before the server binds it, which happened in CI."""
    try:
        with open("/proc/sys/net/ipv4/ip_local_port_range") as ports:
            first_ephemeral = int(ports.read().split()[0])
    except (OSError, ValueError, IndexError):
        first_ephemeral = 32768
    low = 10000 if first_ephemeral > 12000 else 1024
    while True:
        port = random.randrange(low, first_ephemeral)
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port


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
    # Its stderr is read as it comes too: a server that logs more than a pipe holds (64 kB) would otherwise
    # stop at its next log line, in the middle of a request. The last lines are kept for `stderr_of`.
    process.error_lines = collections.deque(maxlen=5000)

    def read_stderr():
        for line in process.stderr:
            process.error_lines.append(line)

    process.error_reader = threading.Thread(target=read_stderr, daemon=True)
    process.error_reader.start()
    while True:
        line = lines.get(timeout=START_TIMEOUT_SECONDS)
        if line is None:
            pytest.fail("catalog %s exited (%s) before listening: %s"
                        % (arguments[0], process.wait(), stderr_of(process)[-2000:]))
        if LISTENING in line:
            return process, line.split(LISTENING, 1)[1].strip()


def stderr_of(process):
    """What a process `start` started wrote to stderr (its last 5,000 lines): all of it once it has ended."""
    if process.poll() is not None:
        process.error_reader.join(timeout=10)
    return "".join(process.error_lines)


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


class RawPrinter:
    """A printer's port 9100 on 127.0.0.1: keeps the bytes of each job (connection) it is sent."""

    def __init__(self):
        self.listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(8)
        self.port = self.listener.getsockname()[1]
        self.jobs = []
        self.lock = threading.Lock()
        threading.Thread(target=self.serve, daemon=True).start()

    def serve(self):
        while True:
            try:
                connection, _ = self.listener.accept()
            except OSError:
                return
            received = b""
            with connection:
                while True:
                    chunk = connection.recv(65536)
                    if not chunk:
                        break
                    received += chunk
            with self.lock:
                self.jobs.append(received)

    def received(self):
        """The jobs received so far, oldest first."""
        with self.lock:
            return list(self.jobs)

    def close(self):
        self.listener.close()


@contextlib.contextmanager
def private_cups(server=None):
    """A private cupsd with one raw queue, `tags`, sending each job to a `RawPrinter`; yields (the CUPS_SERVER
    address, that printer). It listens on 127.0.0.1 at a free port, or on the Unix socket `server` (a path a
    program was already told, through CUPS_SERVER, before any cupsd was there). Without CUPS's tools the test
    fails in CI and is skipped elsewhere."""
    cupsd = require_program("cupsd", "cups", ["/usr/sbin/cupsd"])
    lpadmin = require_program("lpadmin", "cups-client", ["/usr/sbin/lpadmin"])
    base = pathlib.Path(tempfile.mkdtemp(prefix="catalog-cups-"))
    for folder in ["spool/temp", "log", "cache", "ppd", "ssl"]:
        (base / folder).mkdir(parents=True, exist_ok=True)
    os.chmod(base, 0o755)
    server = server or "127.0.0.1:%d" % free_port()
    (base / "cupsd.conf").write_text(
        "Listen %s\nBrowsing Off\nDefaultShared No\nWebInterface No\nLogLevel info\n"
        "<Policy default>\n  <Limit All>\n    Order allow,deny\n  </Limit>\n</Policy>\n" % server)
    # The printcap cupsd keeps goes in the private folder too (Debian 12's cups 2.4.2-3+deb12u11 refuses an
    # empty Printcap line, which earlier releases took for "none").
    (base / "cups-files.conf").write_text(
        "Printcap {0}/printcap\nServerRoot {0}\nStateDir {0}\nCacheDir {0}/cache\nRequestRoot {0}/spool\n"
        "TempDir {0}/spool/temp\nAccessLog {0}/log/access_log\nErrorLog {0}/log/error_log\n"
        "PageLog {0}/log/page_log\nServerBin /usr/lib/cups\nDataDir /usr/share/cups\n".format(base))
    daemon = subprocess.Popen([cupsd, "-f", "-c", str(base / "cupsd.conf"), "-s", str(base / "cups-files.conf")],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    printer = RawPrinter()
    try:
        for _ in range(100):
            added = subprocess.run([lpadmin, "-h", server, "-p", "tags", "-E", "-v",
                                    "socket://127.0.0.1:%d" % printer.port, "-m", "raw"],
                                   capture_output=True, text=True)
            if added.returncode == 0:
                break
            time.sleep(0.1)
        else:
            pytest.fail("the private cupsd did not take a queue: " + added.stderr)
        # The shop's label printer is its default, as on a counter with one printer.
        chosen = subprocess.run([lpadmin, "-h", server, "-d", "tags"], capture_output=True, text=True)
        assert chosen.returncode == 0, chosen.stderr
        yield server, printer
    finally:
        daemon.terminate()
        daemon.wait(timeout=10)
        printer.close()
        shutil.rmtree(base, ignore_errors=True)
