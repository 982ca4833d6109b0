"""Every rule of specification §1 as a table file (tests/table_files/mor), legal and refused."""

from pathlib import Path

import pytest

from tests.scenario.tables_check import check_table_file, table_files


@pytest.mark.parametrize("path", table_files("mor"), ids=lambda p: Path(p).stem)
def test_mor_table_file(path: Path) -> None:
    check_table_file(path)
