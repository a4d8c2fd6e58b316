"""Makes `import triad` work for the examples: the installed package, else the one built in
this checkout (build/release/python, README command 2)."""
import os
import sys

try:
    import triad  # noqa: F401
except ImportError:
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "build",
                                    "release", "python"))
