"""docs/trust.md maps each trust rule of product.md section 2 to its tests: every rule has its section, and every test
it names exists (its file, and the function or the class and method in it, read with ast, not imported), so the doc
cannot name a test that was renamed or removed. "Missing:" lines (parts no test checks yet) are not read."""

import ast
import re
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "trust.md"

# The rules' short names (their bold leads in product.md section 2), in order.
RULES = [
    "Every number a merchant sees is derived from recorded events",
    "Orders come only from buyers",
    "Balances move only through the ledger",
    "A merchant can always withdraw the available balance",
    "Fees, margins, limits and settlement delays are shown before the merchant pays",
    "Every approval is recorded once",
    "Tracking events are real",
    "Deposit addresses are stable and published",
    "Operators are bounded too",
]

HEADING = re.compile(r"^## (\d+)\. (.+?)\s*$", re.MULTILINE)
# tests/<path>.py::<name>[::<name>], a parametrized id's [...] part left out.
NODE_ID = re.compile(r"\b(tests/[\w/]+\.py)((?:::\w+)+)(?:\[[^\]\s`]*\])?")


def sections(text: str) -> dict[int, tuple[str, str]]:
    """{rule number: (heading, body)} of the doc's `## N. <short name>` sections."""
    found = list(HEADING.finditer(text))
    return {
        int(match[1]): (match[2], text[match.end() : found[i + 1].start() if i + 1 < len(found) else len(text)])
        for i, match in enumerate(found)
    }


def node_ids(text: str) -> list[str]:
    """The node ids named outside "Missing:" lines, in order, each once."""
    named = [
        path + names
        for line in text.splitlines()
        if not line.lstrip("-* ").startswith("Missing:")
        for path, names in NODE_ID.findall(line)
    ]
    return list(dict.fromkeys(named))


@cache
def _tree(path: str) -> ast.Module | None:
    file = ROOT / path
    return ast.parse(file.read_text(), filename=path) if file.is_file() else None


def _defined(body: list[ast.stmt], name: str) -> ast.stmt | None:
    return next(
        (node for node in body if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
         and node.name == name),
        None,
    )  # fmt: skip


def problem(node_id: str) -> str | None:
    """Why `node_id` names no test (None when it names one)."""
    path, *names = node_id.split("::")
    tree = _tree(path)
    if tree is None:
        return f"{node_id}: there is no file {path}"
    body: list[ast.stmt] = tree.body
    for depth, name in enumerate(names):
        node = _defined(body, name)
        if node is None:
            where = path if depth == 0 else f"{path}::{'::'.join(names[:depth])}"
            return f"{node_id}: {where} defines no {name}"
        body = node.body if isinstance(node, ast.ClassDef) else []
    if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) or not names[-1].startswith("test"):
        return f"{node_id}: {names[-1]} is not a test function"
    return None


def test_each_trust_rule_has_its_section_with_its_tests():
    found = sections(DOC.read_text())
    expected = {number: name for number, name in enumerate(RULES, start=1)}
    assert {number: heading for number, (heading, _body) in found.items()} == expected, (
        "docs/trust.md needs one '## N. <short name>' section per rule of product.md section 2, in order"
    )
    empty = [f"{number}. {heading}" for number, (heading, body) in found.items() if not node_ids(body)]
    assert empty == [], f"docs/trust.md: these rules name no test: {empty}"


def test_every_test_the_doc_names_exists():
    named = node_ids(DOC.read_text())
    assert len(named) > 50  # the parsing still finds the lists
    missing = [reason for reason in map(problem, named) if reason]
    assert missing == [], "docs/trust.md names tests that do not exist:\n" + "\n".join(missing)


def test_the_check_finds_a_renamed_test_and_skips_missing_lines():
    here = "tests/core/test_trust_doc.py"
    assert problem(f"{here}::test_every_test_the_doc_names_exists") is None
    assert problem(f"{here}::test_renamed") == f"{here}::test_renamed: {here} defines no test_renamed"
    gone = "tests/core/test_gone.py"
    assert problem(f"{gone}::test_x") == f"{gone}::test_x: there is no file {gone}"
    goods = "tests/catalog/test_goods.py::TestEvents"
    assert problem(f"{goods}::test_counters_are_not_editable_fields") is None
    assert problem(f"{goods}::test_gone") == f"{goods}::test_gone: {goods} defines no test_gone"
    assert problem(goods) == f"{goods}: TestEvents is not a test function"
    text = "- `tests/a.py::test_b[en-x]` (PostgreSQL)\nMissing: tests/c.py::test_d, not written yet\n"
    assert node_ids(text) == ["tests/a.py::test_b"]
