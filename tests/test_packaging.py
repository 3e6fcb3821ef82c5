"""Packaging (issue 25): what the wheel and the sdist hold, and an installed skald on its own.

The wheel installs one import name, ``skald`` (the repository's top-level folders reach it
through ``skald/``'s links), with its package data and the ``skald`` command. The slow tests
install it into a fresh virtual environment next to another distribution that ships a
top-level ``cli`` package, and build the sdist and run a few tests from it.

Everything is built from a copy of the project in a temporary folder, so a build leaves no
``build/`` or ``*.egg-info`` in the checkout (others run the suite in it at the same time)."""

from __future__ import annotations

import configparser
import os
import pty
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE_DIRS = ("domain", "service", "cli", "tools", "benchmarks")
"""The folders ``skald/`` links to: the package's files."""
PROJECT_FILES = ("pyproject.toml", "README.md", "LICENSE", "MANIFEST.in")
SDIST_DIRS = (".ci", "tests", "protos", "replays")
"""What the sdist carries beside the package, so the tests run from it."""
IGNORE = shutil.ignore_patterns(
    "__pycache__",
    "*.py[cod]",
    "*.db",
    "*.sqlite",
    "*.sqlite3",
    "build",
    "*.egg-info",
    ".hypothesis",
    ".pytest_cache",
    ".mypy_cache",
    ".ruff_cache",
)  # what .gitignore leaves out
REPLAY = "replays/red-north/red-north-2p.jsonl"

pytestmark = pytest.mark.skipif(
    not (ROOT / "skald").is_dir() or not (ROOT / "domain").is_dir(),
    reason="builds the package from a checkout (the sdist has no top-level domain/ ...)",
)


def _copy_project(dest: Path, folders: tuple[str, ...] = ()) -> Path:
    """The project's build inputs (and ``folders``) copied to ``dest``; ``skald/`` keeps its
    relative links, which point into the copy."""
    dest.mkdir(parents=True)
    for name in PROJECT_FILES:
        shutil.copy2(ROOT / name, dest / name)
    shutil.copytree(ROOT / "skald", dest / "skald", symlinks=True, ignore=IGNORE)
    for name in (*PACKAGE_DIRS, *folders):
        shutil.copytree(ROOT / name, dest / name, ignore=IGNORE)
    return dest


def _files(top: Path, *folders: str) -> set[str]:
    """Paths (relative to ``top``, with ``/``) of the files under ``folders`` of ``top``."""
    return {
        p.relative_to(top).as_posix()
        for name in folders
        for p in (top / name).rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    }


def _pip(*args: str | Path, cwd: Path | None = None) -> None:
    subprocess.run(
        [sys.executable, "-m", "pip", "-q", *map(str, args)],
        check=True,
        cwd=cwd,
        timeout=300,
    )


def _wheel_of(project: Path, out: Path) -> Path:
    """Build ``project``'s wheel offline, with the build backend already installed here."""
    _pip("wheel", project, "--no-deps", "--no-build-isolation", "--no-index", "-w", out)
    (wheel,) = out.glob("*.whl")
    return wheel


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """Skald's wheel, and the copy of the project it was built from."""
    tmp = tmp_path_factory.mktemp("wheel")
    src = _copy_project(tmp / "src")
    return _wheel_of(src, tmp / "dist"), src


def test_the_wheel_installs_one_import_name_with_its_data_and_command(
    built: tuple[Path, Path],
) -> None:
    wheel, src = built
    names = set(zipfile.ZipFile(wheel).namelist())
    tops = {n.split("/")[0] for n in names}
    (dist_info,) = (t for t in tops if t.endswith(".dist-info"))
    assert tops == {"skald", dist_info}  # no cli/, service/, domain/ ... in site-packages
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]

    # every file of the package folders; their data files, the ones that matter named again
    package = {f"skald/{f}" for f in _files(src, *PACKAGE_DIRS)}
    package -= {f for f in package if f.startswith("skald/benchmarks/results/")}  # not data
    assert package - names == set()
    assets = {f"skald/cli/html/assets/{p.name}" for p in (src / "cli/html/assets").iterdir()}
    assert {"skald/cli/html/assets/page.html", "skald/cli/html/assets/viewer.js"} <= assets
    assert assets <= names
    assert "skald/tools/loadtest/cpp/loadclient.cc" in names
    typed = {f for f in package if f.endswith("/py.typed")}
    assert "skald/service/contract/_generated/py.typed" in typed
    assert typed <= names
    stubs = {f for f in names if f.endswith(".pyi")}
    assert "skald/service/contract/_generated/skald/v1/skald_pb2.pyi" in stubs
    assert "skald/service/contract/_generated/skald/v1/skald_pb2_grpc.pyi" in stubs
    assert len(stubs) == len({f for f in package if f.endswith(".pyi")}) >= 5

    read = zipfile.ZipFile(wheel).read
    entry_points = configparser.ConfigParser()
    entry_points.read_string(read(f"{dist_info}/entry_points.txt").decode())
    assert dict(entry_points["console_scripts"]) == {"skald": "skald.cli.main:main"}

    meta = Parser().parsestr(read(f"{dist_info}/METADATA").decode())
    assert meta["License-Expression"] == "MIT"
    assert f"{dist_info}/licenses/LICENSE" in names
    assert "Typing :: Typed" in meta.get_all("Classifier")
    assert {"tui", "loadtest", "all", "test"} <= set(meta.get_all("Provides-Extra"))
    requires = meta.get_all("Requires-Dist")
    # the replay browser's and the hostile phase's libraries only come with their extras
    for name, extra in (("textual", "tui"), ("hypothesis", "loadtest")):
        lines = [r for r in requires if r.startswith(name)]
        assert lines and all(f'extra == "{extra}"' in r for r in lines), lines
    assert any(r.startswith("protobuf") and "<8" in r for r in requires)


def test_replay_without_the_tui_extra_says_which_extra_in_one_line() -> None:
    """``skald replay`` at a terminal with Textual missing: a one-line message, exit 1."""
    code = (
        "import sys; sys.modules['textual'] = None; "
        f"sys.argv = ['skald', 'replay', {str(ROOT / REPLAY)!r}]; "
        "from skald.cli.main import main; main()"
    )
    parent, child = pty.openpty()  # replay opens the browser only at a terminal
    try:
        done = subprocess.run(
            [sys.executable, "-c", code],
            stdin=child,
            stdout=child,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
        )
    finally:
        os.close(child)
        os.close(parent)
    assert done.returncode == 1
    assert done.stderr.count("\n") == 1, done.stderr
    assert "'tui' extra" in done.stderr and "pip install 'skald[tui]'" in done.stderr


def test_the_hostile_phase_without_the_loadtest_extra_says_which_extra() -> None:
    code = (
        "import sys; sys.modules['hypothesis'] = None; "
        "from skald.tools.loadtest.hostile import hostile; hostile('127.0.0.1:9', 'x.db', 1)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
    assert done.stderr.count("\n") == 1, done.stderr
    assert "pip install 'skald[loadtest]'" in done.stderr


def _other_cli_wheel(tmp: Path) -> Path:
    """A distribution ``othercli`` shipping a top-level package ``cli`` of its own."""
    project = tmp / "othercli"
    (project / "cli").mkdir(parents=True)
    (project / "pyproject.toml").write_text(
        '[build-system]\nrequires = ["setuptools"]\nbuild-backend = "setuptools.build_meta"\n'
        '[project]\nname = "othercli"\nversion = "1.0"\n'
        '[tool.setuptools]\npackages = ["cli"]\n'
    )
    (project / "cli/__init__.py").write_text('def main():\n    print("the other cli")\n')
    (project / "cli/__main__.py").write_text("from cli import main\n\nmain()\n")
    return _wheel_of(project, tmp / "othercli-dist")


@pytest.mark.slow
def test_an_installed_wheel_runs_beside_another_cli_package(
    built: tuple[Path, Path], tmp_path: Path
) -> None:
    """A fresh venv, no network: skald's wheel and one that ships ``cli``; each is itself."""
    wheel, _ = built
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", venv], check=True)
    python = venv / "bin" / "python"
    site = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    # The dependencies, from this environment: a path line only, so the .pth files there
    # (this checkout's editable install of skald among them) are not run in the fresh venv.
    deps = {sysconfig.get_path("purelib"), sysconfig.get_path("platlib")}
    Path(site, "zz_test_dependencies.pth").write_text("".join(f"{d}\n" for d in sorted(deps)))
    other = _other_cli_wheel(tmp_path)
    _pip("--python", python, "install", "--no-deps", "--no-index", wheel, other)

    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"

    def run(*args: str | Path) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [*map(str, args)], capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120
        )

    where = run(python, "-c", "import skald, cli; print(skald.__file__); print(cli.__file__)")
    assert where.returncode == 0, where.stderr
    skald_file, cli_file = map(Path, where.stdout.split())
    assert skald_file == Path(site) / "skald" / "__init__.py"  # not this checkout
    assert cli_file == Path(site) / "cli" / "__init__.py"

    def skald_works() -> None:
        helped = run(venv / "bin" / "skald", "--help")
        assert helped.returncode == 0, helped.stderr
        assert "Event-sourced Viking board games" in helped.stdout
        assert "verify" in helped.stdout and "replay" in helped.stdout
        replayed = run(venv / "bin" / "skald", "replay", "--plain", ROOT / REPLAY)
        assert replayed.returncode == 0, replayed.stderr

    skald_works()
    other_main = run(python, "-m", "cli")
    assert other_main.returncode == 0 and other_main.stdout == "the other cli\n"

    # protogen needs the repository around it: one line saying so, no traceback
    protogen = run(python, "-m", "skald.service.contract.protogen")
    assert protogen.returncode == 1
    assert "Traceback" not in protogen.stderr
    assert protogen.stderr.count("\n") == 1 and "checkout" in protogen.stderr

    _pip("--python", python, "uninstall", "-y", "othercli")
    skald_works()
    gone = run(python, "-c", "import cli")
    assert gone.returncode == 1 and "No module named 'cli'" in gone.stderr


@pytest.mark.slow
def test_the_sdist_holds_the_package_and_what_the_tests_read(tmp_path: Path) -> None:
    src = _copy_project(tmp_path / "src", SDIST_DIRS)
    subprocess.run(
        [sys.executable, "-m", "build", "--sdist", "--no-isolation", "--outdir", "dist", "src"],
        check=True,
        capture_output=True,
        cwd=tmp_path,
        timeout=300,
    )
    (sdist,) = (tmp_path / "dist").glob("*.tar.gz")
    with tarfile.open(sdist) as tar:
        members = tar.getmembers()
        assert all(m.isfile() or m.isdir() for m in members)  # the links are followed
        tar.extractall(tmp_path / "unpacked", filter="data")
    (tree,) = (tmp_path / "unpacked").iterdir()

    have = _files(tree, ".")
    have = {f.removeprefix("./") for f in have}
    # the tests with their data, the protos, the replays, CI's script, whole
    assert _files(src, *SDIST_DIRS) - have == set()
    for name in (".ci/run", "README.md", "LICENSE", "pyproject.toml", "protos/skald.lock.json"):
        assert name in have
    assert len([f for f in have if f.startswith("tests/wire_goldens/")]) > 100
    assert [f for f in have if f.startswith("tests/view_screens/")]
    # the package as real files under skald/ only, with its data
    package = {f"skald/{f}" for f in _files(src, *PACKAGE_DIRS)}
    package -= {f for f in package if f.startswith("skald/benchmarks/results/")}
    assert package - have == set()
    assert "skald/tools/loadtest/cpp/loadclient.cc" in have
    assert "skald/service/contract/skald.proto.in" in have
    assert not {f.split("/")[0] for f in have} & set(PACKAGE_DIRS)  # not shipped twice
    assert not [f for f in have if "__pycache__" in f or f.endswith((".pyc", ".db"))]

    # pip builds the same wheel from the sdist as from the checkout
    wheel = _wheel_of(tree, tmp_path / "wheel")
    assert {n.split("/")[0] for n in zipfile.ZipFile(wheel).namelist()} == {
        "skald",
        f"{wheel.name.split('-')[0]}-{wheel.name.split('-')[1]}.dist-info",
    }

    # and tests run from the unpacked sdist, importing its skald (not this checkout's)
    env = {**os.environ, "PYTHONPATH": str(tree)}
    where = subprocess.run(
        [sys.executable, "-c", "import skald; print(skald.__file__)"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tree,
        check=True,
    )
    assert Path(where.stdout.strip()) == tree / "skald" / "__init__.py"
    tested = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-o",
            "addopts=",
            "-p",
            "no:cacheprovider",
            "tests/red_north/test_setup.py",  # the package alone
            "tests/test_diff_readable.py",  # the replays/ files, through the CLI
            "tests/test_export_text.py",
        ],
        capture_output=True,
        text=True,
        env=env,
        cwd=tree,
        timeout=600,
    )
    assert tested.returncode == 0, tested.stdout[-3000:] + tested.stderr[-2000:]
    assert " passed" in tested.stdout
