"""The triad package's build backend (pyproject.toml): setuptools' own, plus CMake (and
Ninja) as build requirements only when the machine has no usable ones, so that an isolated
`pip install` works where CMake is missing and an offline one works where it is installed."""
import re
import shutil
import subprocess
from typing import Dict, List, Optional

from setuptools import build_meta
from setuptools.build_meta import (build_sdist, build_wheel,  # noqa: F401 (the backend's hooks)
                                   get_requires_for_build_sdist, prepare_metadata_for_build_wheel)

CMAKE_MINIMUM = (3, 25)  # the project's cmake_minimum_required


def _cmake_usable() -> bool:
    cmake = shutil.which("cmake")
    if not cmake:
        return False
    try:
        out = subprocess.run([cmake, "--version"], capture_output=True, text=True,
                             check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return False
    match = re.search(r"version (\d+)\.(\d+)", out)
    return bool(match) and (int(match[1]), int(match[2])) >= CMAKE_MINIMUM


def get_requires_for_build_wheel(config_settings: Optional[Dict] = None) -> List[str]:
    extra = []
    if not _cmake_usable():
        extra.append("cmake>=%d.%d" % CMAKE_MINIMUM)
    if not shutil.which("ninja") and not shutil.which("make"):
        extra.append("ninja")
    return build_meta.get_requires_for_build_wheel(config_settings) + extra
