"""Builds the triad package's compiled module (_triad) with the project's CMake build, for
setuptools (pyproject.toml): the module is one target, triad_python, of the C++ project one
folder up (or, in a source distribution, of the copy of it in cpp/ that `sdist` adds).

Environment:
  TRIAD_BUILD_DIR   the absolute path of an already configured build folder of the project:
                    the module is brought up to date there (`cmake --build --target
                    triad_python`, nothing to do when it is) and taken from it, instead of
                    configuring a new build. Its module must be for the interpreter building.
  CMAKE_BUILD_PARALLEL_LEVEL   compile jobs of a new build (default: the CPU count).
"""
import importlib.machinery
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.sdist import sdist

HERE = Path(__file__).resolve().parent
# What a source distribution leaves out of the project's tree: builds, the repository, caches.
SKIPPED = {".git", "build", "dist", "node_modules", "__pycache__", ".mypy_cache", ".cache"}


def project_dir() -> Path:
    for candidate in (HERE / "cpp", HERE.parent):
        if (candidate / "CMakeLists.txt").is_file() and (candidate / "python").is_dir():
            return candidate
    sys.exit("triad: the project's C++ sources are neither one folder up nor in cpp/")


def project_version() -> str:
    text = (project_dir() / "CMakeLists.txt").read_text(encoding="utf-8")
    match = re.search(r"project\(Triad VERSION (\S+)", text)
    if not match:
        sys.exit("triad: no version in the project's CMakeLists.txt")
    return match.group(1)


def run(command: list) -> None:
    print("triad:", " ".join(str(c) for c in command), flush=True)
    subprocess.run([str(c) for c in command], check=True)


class CMakeBuild(build_ext):
    """Builds triad._triad with CMake and copies it where setuptools packs it."""

    def build_extension(self, ext: Extension) -> None:
        given = os.environ.get("TRIAD_BUILD_DIR")
        if given:
            build = Path(given)
            if not build.is_absolute():
                sys.exit(f"triad: TRIAD_BUILD_DIR must be an absolute path, not {given!r}")
            if not (build / "CMakeCache.txt").is_file():
                sys.exit(f"triad: TRIAD_BUILD_DIR {build} is not a configured CMake build folder")
        else:
            build = Path(self.build_temp).resolve() / "cmake"
            import pybind11  # a build requirement (pyproject.toml)

            generator = ["-G", "Ninja"] if shutil.which("ninja") else []
            run(["cmake", "-S", project_dir(), "-B", build, *generator,
                 "-DCMAKE_BUILD_TYPE=Release", "-DTRIAD_TESTS=OFF", "-DTRIAD_PYTHON=ON",
                 f"-DPython3_EXECUTABLE={sys.executable}",
                 f"-Dpybind11_DIR={pybind11.get_cmake_dir()}"])
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL", str(os.cpu_count() or 1))
        run(["cmake", "--build", build, "--target", "triad_python", "-j", jobs])
        suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
        module = build / "python" / "triad" / f"_triad{suffix}"
        if not module.is_file():
            found = sorted(p.name for p in module.parent.glob("_triad*"))
            sys.exit(f"triad: {build} has no {module.name} for this Python ({sys.executable}); "
                     f"it has {', '.join(found) or 'none'} (configure it with "
                     f"-DPython3_EXECUTABLE={sys.executable})")
        target = Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(module, target)


class SourceDistribution(sdist):
    """Adds the project's C++ sources (the whole tree but builds, caches and this sdist's own
    folder) as cpp/."""

    def make_release_tree(self, base_dir: str, files: list) -> None:
        super().make_release_tree(base_dir, files)
        source = project_dir()
        release = Path(base_dir).resolve()

        def skipped(folder: str, names: list) -> set:
            return {n for n in names
                    if n in SKIPPED or n.startswith("build-") or n.endswith(".egg-info")
                    or Path(folder, n).resolve() in (release, HERE / "cpp")}

        shutil.copytree(source, release / "cpp", ignore=skipped, symlinks=True)


setup(version=project_version(),
      ext_modules=[Extension("triad._triad", sources=[])],
      cmdclass={"build_ext": CMakeBuild, "sdist": SourceDistribution})
