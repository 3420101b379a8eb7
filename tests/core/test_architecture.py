"""The apps depend downward only (pyproject.toml's import-linter contract, run by `make lint`), and views get the
signed-in merchant one way."""

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")


def _lint_imports(tree: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(LINT_IMPORTS), "--config", str(tree / "pyproject.toml"), "--no-cache"],
        cwd=tree,
        env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_an_upward_import_breaks_the_contract(tmp_path):
    """The one check of a linter itself: the contract bites, on a copy of the apps given an import against the
    direction (the tree as it is is `make lint`'s to check)."""
    shutil.copytree(ROOT / "apps", tmp_path / "apps", ignore=shutil.ignore_patterns("__pycache__", "*.json"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    (tmp_path / "apps/core/probe.py").write_text("from apps.accounts import models\n")
    result = _lint_imports(tmp_path)
    assert result.returncode == 1, result.stdout
    assert "apps.core is not allowed to import apps.accounts" in " ".join(result.stdout.split())


def test_views_get_the_signed_in_merchant_one_way():
    """accounts.authentication.signed_in / signed_in_or_none; core (below accounts) only reads the upload owner's id."""
    offenders = [
        str(path.relative_to(ROOT))
        for path in [*(ROOT / "apps").rglob("apis.py"), *(ROOT / "apps").rglob("apis/*.py")]
        if "request.user" in path.read_text() and path.parent.name != "core"
    ]
    assert offenders == []
