"""A script of the repository (``scripts/`` and ``bench/`` are not packages) loaded as a module,
so a test can call its functions."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def load_script(relative: str) -> ModuleType:
    """The script at ``relative`` (from the repository's root), run once as a fresh module. It is
    entered in ``sys.modules`` (as ``repo.<its path>``), as an import would enter it: a dataclass
    of the script looks its module up there."""
    path = ROOT / relative
    name = "repo." + ".".join(path.relative_to(ROOT).with_suffix("").parts)
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
