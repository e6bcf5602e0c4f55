"""The Debian package as a shop's computer person meets it: scripts/package.sh builds it, `dpkg -i`
installs it, the installed /usr/bin/catalog runs the demo from a folder far from the repository,
its man pages render, it finds its installed label templates, and `dpkg -r` takes every file away.

Skipped, with the reason printed, only where dpkg is missing. It refuses to run where a `catalog`
package is already installed (it would replace a shop's own install).
"""

import grp
import json
import os
import pwd
import re
import shutil
import subprocess
import time

import pytest

from catalog_process import REPO_ROOT, require_program

PACKAGE = "catalog"
BUILD_TIMEOUT_SECONDS = 3600


def as_root(arguments):
    """`arguments` run as root: directly when the tests are root, else through sudo without a password."""
    if os.geteuid() == 0:
        return arguments
    if shutil.which("sudo") and subprocess.run(["sudo", "-n", "true"], capture_output=True).returncode == 0:
        return ["sudo", "-n"] + arguments
    pytest.fail("installing a package needs root: run the tests as root or with password-less sudo")


def dpkg(*arguments):
    """`dpkg ARGUMENTS` as root. dpkg has no lock timeout of its own, and this machine is shared: while
    another process holds dpkg's lock (an apt run, another checkout's test) it is tried again, for up to
    two minutes, before its answer is taken."""
    deadline = time.monotonic() + 120
    while True:
        result = subprocess.run(as_root(["dpkg"] + list(arguments)), capture_output=True, text=True)
        if "dpkg frontend lock" not in result.stderr and "lock-frontend" not in result.stderr:
            return result
        if time.monotonic() > deadline:
            return result
        time.sleep(1)


def installed():
    status = subprocess.run(["dpkg-query", "-W", "-f=${Status}", PACKAGE], capture_output=True, text=True)
    return status.returncode == 0 and status.stdout.endswith(" installed")


def exists(name, database):
    """Whether the user (database "passwd") or group ("group") `name` exists."""
    try:
        (pwd.getpwnam if database == "passwd" else grp.getgrnam)(name)
        return True
    except KeyError:
        return False


def clean_environment(home):
    """What a shop's shell has: no CATALOG_*/SQUARE_* settings, no virtualenv, HOME of its own."""
    keep = {key: value for key, value in os.environ.items()
            if not key.startswith(("CATALOG_", "SQUARE_", "VIRTUAL_ENV", "CUPS_"))}
    keep["HOME"] = home
    keep["PATH"] = "/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin"
    return keep


@pytest.fixture(scope="module")
def package(tmp_path_factory):
    """Builds the package; yields (path, the fields of its control file, its file list)."""
    require_program("dpkg", "dpkg")
    if installed():
        pytest.fail("a %s package is already installed here; this test would replace it. "
                    "Remove it (dpkg -r %s) or run the test on another machine." % (PACKAGE, PACKAGE))
    output = tmp_path_factory.mktemp("dist")
    # Uncompressed: the files and scripts are what is tested, and xz alone takes over a minute here.
    build = subprocess.run(["bash", os.path.join(REPO_ROOT, "scripts", "package.sh"), "--output", str(output)],
                           stdout=subprocess.PIPE, text=True, timeout=BUILD_TIMEOUT_SECONDS,
                           env=dict(os.environ, CATALOG_PACKAGE_COMPRESSION="none"))
    assert build.returncode == 0, "scripts/package.sh failed (its messages are above)"
    deb = build.stdout.strip().splitlines()[-1]
    assert os.path.isfile(deb) and deb.endswith("_amd64.deb"), deb
    fields = subprocess.run(["dpkg-deb", "-f", deb], capture_output=True, text=True, check=True).stdout
    control = dict(re.findall(r"^([A-Za-z-]+): (.*)$", fields, re.M))
    listing = subprocess.run(["dpkg-deb", "-c", deb], capture_output=True, text=True, check=True).stdout
    files = [line.split()[-1].lstrip(".") for line in listing.splitlines() if line.startswith("-")]
    yield deb, control, files


@pytest.fixture(scope="module")
def install(package):
    """Installs the package for the tests in this module, and removes it (and the user it made) after."""
    deb, control, files = package
    had_user, had_group = exists("catalog", "passwd"), exists("catalog", "group")
    result = dpkg("-i", deb)
    try:
        assert result.returncode == 0, result.stdout + result.stderr
        yield package
    finally:
        if installed():
            dpkg("--purge", PACKAGE)
        # Debian keeps a package's system user after removal; this test gives the machine back as it was.
        if not had_user and exists("catalog", "passwd"):
            subprocess.run(as_root(["userdel", "catalog"]), capture_output=True)
        if not had_group and exists("catalog", "group"):
            subprocess.run(as_root(["groupdel", "catalog"]), capture_output=True)


def test_the_package_names_its_version_and_the_debian_libraries_it_needs(package):
    _, control, files = package
    assert control["Package"] == PACKAGE
    assert re.fullmatch(r"\d+\.\d+\.\d+(\+\d+\.g[0-9a-f]{8})?(\.modified)?", control["Version"]), control["Version"]
    depends = control["Depends"]
    for library in ["libc6", "libsqlite3-0", "libcurl4", "libcups2", "libcairo2", "libzint2.11", "fonts-dejavu-core"]:
        assert re.search(r"(^|, )%s( |,|$)" % re.escape(library), depends), (library, depends)
    assert "swift" not in depends.lower()
    for path in ["/usr/bin/catalog", "/usr/share/catalog/labels/shelf-2x1.yaml",
                 "/usr/share/man/man1/catalog.1.gz", "/usr/share/man/man1/catalog-search.1.gz",
                 "/usr/share/man/man1/catalog-label-print.1.gz",
                 "/usr/share/bash-completion/completions/catalog", "/usr/share/zsh/vendor-completions/_catalog",
                 "/usr/share/fish/vendor_completions.d/catalog.fish",
                 "/lib/systemd/system/catalog-scan.service", "/lib/systemd/system/catalog-serve.service",
                 "/lib/udev/rules.d/99-catalog-scanner.rules"]:
        assert path in files, path


def test_the_installed_binary_needs_no_swift_runtime_and_knows_its_version(install):
    _, control, _ = install
    linked = subprocess.run(["ldd", "/usr/bin/catalog"], capture_output=True, text=True, check=True).stdout
    assert "not found" not in linked, linked
    for runtime in ["libswift", "libFoundation", "lib_Foundation", "libdispatch", "libBlocksRuntime"]:
        assert runtime not in linked, linked
    # Loaded on first use, not at start (Sources/CDelayLoad): the package depends on them instead.
    for library in ["libcurl", "libcups", "libcairo", "libzint"]:
        assert library not in linked, linked
    version = subprocess.run(["/usr/bin/catalog", "--version"], capture_output=True, text=True, check=True).stdout
    assert re.fullmatch(r"%s \(commit [0-9a-f]{12}(-modified)?\)\n" % re.escape(control["Version"]), version), version


def test_the_installed_demo_runs_from_a_folder_outside_the_repository(install, tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    result = subprocess.run(["/usr/bin/catalog", "demo"], capture_output=True, text=True, cwd=str(tmp_path),
                            env=clean_environment(str(home)), timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "1. First sync into" in result.stdout
    assert "catalog edit" in result.stdout
    # One book at both demo locations: each counter's price and a shelf tag per location.
    assert "at Market Hall" in result.stdout and "at High Street" in result.stdout
    assert "shelf tag for Market Hall" in result.stdout
    # A shelf counted, one item two short: the review shows the variance at cost.
    assert "9. catalog count start" in result.stdout and "variance -2" in result.stdout
    assert "3 of 3 lines posted to Square" in result.stdout and "The count is posted." in result.stdout
    assert "Traceback" not in result.stderr and "Fatal error" not in result.stderr


def test_every_command_has_a_man_page_that_renders(install, tmp_path):
    tree = json.loads(subprocess.run(["/usr/bin/catalog", "--experimental-dump-help"], capture_output=True,
                                     text=True, check=True).stdout)["command"]
    pages = []

    def walk(command):
        pages.append("-".join((command.get("superCommands") or []) + [command["commandName"]]))
        for sub in command.get("subcommands") or []:
            if sub.get("shouldDisplay", True):
                walk(sub)
    walk(tree)
    assert "catalog-search" in pages and "catalog-label-print" in pages and len(pages) > 40
    for page in pages:
        assert os.path.isfile("/usr/share/man/man1/%s.1.gz" % page), page

    environment = dict(os.environ, MANPAGER="cat", PAGER="cat", MANWIDTH="100", LANG="C.UTF-8")
    shown = subprocess.run(["man", "--warnings", "catalog-search"], capture_output=True, text=True, env=environment)
    assert shown.returncode == 0, shown.stderr
    assert shown.stderr == "", shown.stderr  # groff's warnings: a page that renders wrong
    text = re.sub(r".\x08", "", shown.stdout)
    assert re.search(r"^NAME\n\s+catalog-search - ", text, re.M), text[:400]
    assert "catalog search" in text and "--limit" in text and "--json" in text
    assert "SEE ALSO" in text and "catalog(1)" in text


def test_the_installed_templates_are_found_and_the_services_are_installed_but_not_enabled(install, tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    listed = subprocess.run(["/usr/bin/catalog", "label", "templates", "--json"], capture_output=True, text=True,
                            cwd=str(tmp_path), env=clean_environment(str(home)))
    assert listed.returncode == 0, listed.stderr
    entries = [json.loads(line) for line in listed.stdout.splitlines()]
    shipped = sorted(name[:-5] for name in os.listdir(os.path.join(REPO_ROOT, "Labels")) if name.endswith(".yaml"))
    assert sorted(e["name"] for e in entries) == shipped
    for entry in entries:
        assert entry["path"] == "/usr/share/catalog/labels/%s.yaml" % entry["name"] and entry["error"] is None, entry

    for name, command in [("catalog-scan.service", "scan"), ("catalog-serve.service", "serve")]:
        unit = open("/lib/systemd/system/" + name).read()
        assert "ExecStart=/usr/bin/catalog %s" % command in unit and "/usr/local" not in unit, name
        enabled = [os.path.join(root, found) for root, _, names in os.walk("/etc/systemd/system") for found in names
                   if found == name]
        assert enabled == [], enabled
    assert exists("catalog", "passwd") and exists("catalog", "group"), "the service's user and the scanner group"
    completion = subprocess.run(["bash", "-c", "source /usr/share/bash-completion/completions/catalog && complete -p catalog"],
                                capture_output=True, text=True)
    assert completion.returncode == 0 and "catalog" in completion.stdout, completion.stderr


def test_removing_the_package_leaves_nothing_behind(install):
    _, _, files = install
    assert all(os.path.exists(path) for path in files)
    removed = dpkg("-r", PACKAGE)
    assert removed.returncode == 0, removed.stdout + removed.stderr
    assert not installed()
    left = [path for path in files if os.path.lexists(path)]
    assert left == [], left
    for folder in ["/usr/share/catalog", "/usr/share/doc/catalog"]:
        assert not os.path.exists(folder), folder
    # dpkg remembers a removed package that has maintainer scripts until it is purged; purging
    # must find nothing left to delete and forget it.
    purged = dpkg("--purge", PACKAGE)
    assert purged.returncode == 0, purged.stdout + purged.stderr
    status = subprocess.run(["dpkg-query", "-W", "-f=${Status}", PACKAGE], capture_output=True, text=True)
    assert status.returncode != 0 or status.stdout.endswith("not-installed"), status.stdout
