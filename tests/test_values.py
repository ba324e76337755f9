"""Constant folding of defaults and the tolerant reading of doc cells."""

from __future__ import annotations

from drift_docs.checks.tables import NOT_STATED, doc_values, normal_type, same_value, split_values
from drift_docs.facts.values import UNKNOWN, evaluate, human_sizes


def test_evaluate_folds_constant_arithmetic_only():
    assert evaluate("512 * 1024**2") == 536870912
    assert evaluate("-1e-5") == -1e-5
    assert evaluate("(1, 2)") == [1, 2]
    assert evaluate("MiB * 2", {"MiB": 1048576}) == 2097152
    assert evaluate("os.cpu_count()") is UNKNOWN
    assert evaluate("__import__('os').system('echo no')") is UNKNOWN
    assert evaluate("10 ** 10 ** 10") is UNKNOWN  # would never finish
    assert evaluate("'a' * 10**9") is UNKNOWN


def test_human_sizes():
    assert human_sizes(536870912) == ["512 MiB"]
    assert human_sizes(10**9) == ["1 GB"]
    assert human_sizes(3 * 2**30) == ["3 GiB"]
    assert human_sizes(512) == []
    assert human_sizes(True) == []


def test_doc_cells_are_read_tolerantly():
    assert any(same_value(536870912, v) for v in doc_values("`512 MiB`"))
    assert any(same_value(2**30, v) for v in doc_values("1 GB"))  # GB is ambiguous: both read
    assert any(same_value(10**9, v) for v in doc_values("1GB"))
    assert any(same_value(536870912, v) for v in doc_values("512 * 1024**2"))
    assert any(same_value(False, v) for v in doc_values("off")) and not any(same_value(True, v) for v in doc_values("off"))
    assert any(same_value(None, v) for v in doc_values("`None`"))
    # The word may also be the code's own string default.
    assert any(same_value("disabled", v) for v in doc_values("disabled"))
    assert any(same_value("NONE", v) for v in doc_values("NONE")) and not any(same_value("auto", v) for v in doc_values("NONE"))
    assert doc_values("-") is NOT_STATED
    assert doc_values("") is NOT_STATED
    assert any(same_value(0.9, v) for v in doc_values("90%"))
    assert any(same_value(1000, v) for v in doc_values("1,000"))
    assert not any(same_value(32, v) for v in doc_values("64"))
    assert same_value("fsdp", "fsdp") and not same_value(1, "1x")


def test_types_and_value_lists():
    assert normal_type("Integer") == "int" and normal_type("`float`") == "float" and normal_type("List[str]") == "list"
    assert split_values("`a`, `b` or `c`") == ["a", "b", "c"]
    assert split_values("one of: x | y") == ["x", "y"]
