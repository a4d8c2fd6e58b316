"""The triad package as pip installs it (ctest python_wheel_tests): a wheel built from this
source tree (python/pyproject.toml) with the module of this build (TRIAD_BUILD_DIR, so nothing
is compiled again), installed offline into a fresh virtual environment, where the quick start
of docs/python.md runs outside the source tree."""
import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

SOURCE_DIR = Path(os.environ.get("TRIAD_SOURCE_DIR", Path(__file__).resolve().parents[2]))


def run(command: list, cwd: Path, env: dict) -> str:
    done = subprocess.run([str(c) for c in command], cwd=cwd, env=env, capture_output=True,
                          text=True)
    assert done.returncode == 0, f"{command} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def test_the_wheel_installs_into_a_fresh_venv_and_the_quick_start_runs(tmp_path):
    build_dir = os.environ.get("TRIAD_BUILD_DIR")
    assert build_dir, "TRIAD_BUILD_DIR must name this build's folder (ctest sets it)"
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    run([sys.executable, "-m", "pip", "wheel", "--no-build-isolation", "--no-deps",
         "--no-index", "--wheel-dir", tmp_path / "dist", SOURCE_DIR / "python"], tmp_path,
        dict(env, TRIAD_BUILD_DIR=build_dir))
    wheel, = (tmp_path / "dist").glob("triad-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    for shipped in ("triad/py.typed", "triad/_triad.pyi", "triad/records.py"):
        assert shipped in names
    assert any(re.fullmatch(r"triad/_triad\..*\.so", n) for n in names)

    # The system's site-packages give numpy offline; triad itself comes from the wheel alone.
    venv = tmp_path / "venv"
    run([sys.executable, "-m", "venv", "--system-site-packages", venv], tmp_path, env)
    python = venv / "bin" / "python"
    run([python, "-m", "pip", "install", "--no-index", wheel], tmp_path, env)
    where = run([python, "-c", "import importlib.metadata as m, triad; "
                 "print(triad.__file__); print(m.requires('triad'))"], tmp_path, env)
    assert where.startswith(str(venv)) and "numpy" in where

    text = (SOURCE_DIR / "docs/python.md").read_text()
    section = text[text.index("### Quick start"):text.index("## Boards")]
    example, = re.findall(r"```python\n(.*?)```", section, re.S)
    (tmp_path / "quick_start.py").write_text(example)
    out = run([python, "quick_start.py"], tmp_path, env)
    expected = re.findall(r"# prints (.*)", example)
    assert expected and out.splitlines()[:len(expected)] == expected

    # A python-chess user's script runs unchanged but for the names of games, without
    # gymnasium in the venv (the system's site-packages has none).
    assert "gymnasium" not in run([python, "-m", "pip", "list"], tmp_path, env)
    script = Path(__file__).resolve().parent / "chess_user.py"
    out = run([python, script, Path(build_dir) / "triad"], tmp_path, env)
    assert out.splitlines() == ["the python-chess user's script ran"]
