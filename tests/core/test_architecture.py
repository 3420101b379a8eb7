"""The apps depend downward only (pyproject.toml's import-linter contract, run by `make lint`), and views get the
signed-in merchant one way."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

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


@pytest.fixture(scope="module")
def tree(tmp_path_factory) -> Path:
    """A copy of the apps and of the contract, to break on purpose."""
    copy = tmp_path_factory.mktemp("layers")
    shutil.copytree(ROOT / "apps", copy / "apps", ignore=shutil.ignore_patterns("__pycache__", "*.json"))
    shutil.copy(ROOT / "pyproject.toml", copy / "pyproject.toml")
    return copy


@pytest.mark.parametrize(
    ("module", "line", "broken"),
    [
        (
            "apps/core/probe.py",
            "from apps.accounts import models\n",
            "apps.core is not allowed to import apps.accounts",
        ),
        ("apps/accounts/probe.py", "from apps.wallet import selectors\n", "apps.accounts is not allowed to import"),
        ("apps/shop/probe.py", "def f():\n    from apps.support import services\n", "apps.shop is not allowed"),
        ("apps/wallet/probe.py", "import apps.orders.models\n", "apps.wallet is not allowed to import apps.orders"),
        ("apps/wallet/probe.py", "from apps.levels import services\n", "apps.wallet is not allowed to import"),
        # Independent siblings (one line of the contract, a | b) import neither way.
        ("apps/storefront/probe.py", "from apps.alliance import models\n", "apps.storefront is not allowed to import"),
        ("apps/alliance/probe.py", "from apps.support import models\n", "apps.alliance is not allowed to import"),
    ],
)
def test_an_import_against_the_direction_breaks_the_contract(tree, module, line, broken):
    assert _lint_imports(tree).returncode == 0  # the tree as it is keeps the contract
    probe = tree / module
    probe.write_text(line)
    try:
        result = _lint_imports(tree)
    finally:
        probe.unlink()
    assert result.returncode == 1, result.stdout
    assert broken in " ".join(result.stdout.split())


def test_views_get_the_signed_in_merchant_one_way():
    """accounts.authentication.signed_in / signed_in_or_none; core (below accounts) only reads the upload owner's id."""
    offenders = [
        str(path.relative_to(ROOT))
        for path in [*(ROOT / "apps").glob("*/apis.py"), *(ROOT / "apps").glob("*/apis/*.py")]
        if "request.user" in path.read_text() and path.parent.name != "core"
    ]
    assert offenders == []
