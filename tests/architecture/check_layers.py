#!/usr/bin/env python3
"""Checks the direction of the layers (docs/architecture.md): each top folder's sources may
include only the folders listed for it, so no arrow runs back up (e.g. the engine includes
no text, learn/ nothing above the engine, datagen/ and analysis/ include nothing from the
match runner).

Usage: check_layers.py SOURCE_DIR   (exit 0: every include allowed; 1: the offending lines)
"""
import pathlib
import re
import sys

# What each folder's sources may include (first path component of `#include "..."`).
ALLOWED = {
    "engine": {"engine"},
    "learn": {"learn", "engine"},
    "adapters": {"adapters", "learn", "engine"},
    "state": {"state", "adapters", "learn", "engine"},
    "protocol": {"protocol", "state", "adapters", "learn", "engine"},
    "runner": {"runner", "cluster", "protocol", "state", "adapters", "learn", "engine"},
    "cluster": {"cluster", "engine"},
    "tournament": {"tournament", "runner", "cluster", "protocol", "state", "adapters", "learn",
                   "engine"},
    "analysis": {"analysis", "runner", "cluster", "protocol", "state", "adapters", "learn",
                 "engine"},
    "datagen": {"datagen", "runner", "cluster", "protocol", "state", "adapters", "learn",
                "engine"},
    "tables": {"tables", "runner", "cluster", "protocol", "state", "adapters", "learn",
               "engine"},
    "tools": {"tools", "runner", "protocol", "state", "adapters", "learn", "engine"},
    "python": {"python", "protocol", "state", "adapters", "learn", "engine"},
    "app": {"app", "protocol", "state", "adapters", "learn", "engine"},
}
INCLUDE = re.compile(r'^\s*#\s*include\s+"(([A-Za-z0-9_]+)/[^"]*)"')

def layer(path: str) -> str:
    """The layer of a source or include path relative to the source root."""
    return path.split("/", 1)[0]


def violations(root: pathlib.Path) -> list[str]:
    found = []
    for folder, allowed in ALLOWED.items():
        for path in sorted((root / folder).rglob("*")):
            if path.suffix not in (".h", ".cpp") or not path.is_file():
                continue
            relative = path.relative_to(root).as_posix()
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                match = INCLUDE.match(line)
                if not match or match.group(2) not in ALLOWED:
                    continue
                target = layer(match.group(1))
                if target not in allowed:
                    found.append(f"{relative}:{number}: {layer(relative)} includes "
                                 f"{target} ({line.strip()})")
    return found


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    root = pathlib.Path(sys.argv[1])
    missing = [f for f in ALLOWED if not (root / f).is_dir()]
    if missing:
        print(f"check_layers: no folder {', '.join(missing)} under {root}", file=sys.stderr)
        return 2
    found = violations(root)
    for line in found:
        print(line)
    print(f"{len(found)} include(s) against the layers" if found else "layers: every include allowed")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
