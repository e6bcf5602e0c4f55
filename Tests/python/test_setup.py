"""scripts/setup.sh as a newcomer meets it: a bare python3 first on PATH, no test tools installed.

It must make its own virtualenv with the test tools in it, say what it does, install nothing the
second time, and when a step fails, name the step and the command to run by hand and exit non-zero.
"""

import os
import subprocess
import sys

from catalog_process import REPO_ROOT

SETUP = os.path.join(REPO_ROOT, "scripts", "setup.sh")
TOOLS = "import square, pytest, zxingcpp, zplgrf, tantivy"


def bare_python(folder):
    """A fresh `python3 -m venv` with nothing installed, not even pip (setup.sh makes its virtualenv with the
    standard library's venv and ensurepip, never with this interpreter's pip); returns its bin folder."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", folder], check=True)
    return os.path.join(folder, "bin")


def run_setup(bin_folder, venv, **extra):
    """Runs setup.sh --with-test-tools with `bin_folder` first on PATH and the project's .venv off it."""
    path = [p for p in os.environ.get("PATH", "").split(os.pathsep) if os.path.join(REPO_ROOT, ".venv") not in p]
    environment = dict(os.environ, PATH=os.pathsep.join([bin_folder] + path), CATALOG_VENV=venv, **extra)
    environment.pop("VIRTUAL_ENV", None)
    return subprocess.run(["bash", SETUP, "--with-test-tools"], capture_output=True, text=True,
                          env=environment, cwd="/", timeout=1200)


def test_setup_installs_the_test_tools_into_its_own_virtualenv_once(tmp_path):
    bare = bare_python(str(tmp_path / "bare"))
    venv = str(tmp_path / "venv")
    assert subprocess.run([os.path.join(bare, "python3"), "-c", TOOLS], capture_output=True).returncode != 0, \
        "the bare interpreter must not have the test tools already"

    first = run_setup(bare, venv)
    assert first.returncode == 0, first.stderr
    assert "setup: making the test virtualenv: %s/python3 -m venv %s" % (bare, venv) in first.stderr
    assert "setup: installing PyPI packages into %s" % venv in first.stderr
    imported = subprocess.run([os.path.join(venv, "bin", "python"), "-c", TOOLS + "; print('imported')"],
                              capture_output=True, text=True)
    assert imported.stdout.strip() == "imported", imported.stderr
    # The tools went into the project's virtualenv, not into the interpreter on PATH.
    assert subprocess.run([os.path.join(bare, "python3"), "-c", TOOLS], capture_output=True).returncode != 0

    second = run_setup(bare, venv)
    assert second.returncode == 0, second.stderr
    assert "installing" not in second.stderr and "making" not in second.stderr, second.stderr
    assert "setup: PyPI packages: all present" in second.stderr
    assert "setup: Debian packages: all present" in second.stderr


def test_a_failing_step_is_named_with_the_command_to_run_by_hand(tmp_path):
    bare = bare_python(str(tmp_path / "bare"))
    venv = str(tmp_path / "venv")
    # Nothing listens on port 9: PyPI cannot be reached.
    result = run_setup(bare, venv, PIP_INDEX_URL="http://127.0.0.1:9/simple", PIP_RETRIES="0", PIP_TIMEOUT="2")
    assert result.returncode != 0
    assert "setup: FAILED: installing PyPI packages" in result.stderr, result.stderr
    assert ("setup:   run it by hand to see why: %s/bin/python -m pip install" % venv) in result.stderr
    assert os.path.join(REPO_ROOT, "scripts", "requirements-test.txt") in result.stderr


def test_an_unknown_argument_is_a_usage_error(tmp_path):
    result = subprocess.run(["bash", SETUP, "--with-tests"], capture_output=True, text=True)
    assert result.returncode == 64
    assert "unknown argument '--with-tests'" in result.stderr
