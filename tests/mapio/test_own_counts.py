"""--own counts that int() cannot read (issue 37): 4,300 digits and more (Python's int-string limit) and '²'
(str.isdigit() says yes) are a clear error, never a traceback."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from printgen.cli import app
from printgen.mapio.inventories import InventoryError, parse_inventory

FIX = Path(__file__).parent.parent / "fixtures"
runner = CliRunner()
BAD = ["grass-1=" + "9" * 4300, "grass-1=" + "0" * 5000 + "1", "grass-1=²", "grass-1=٣", "master-set-1*²",
       "master-set-1*" + "1" * 4400, "grass-1=10001", "master-set-1*101"]


@pytest.mark.parametrize("value", BAD)
def test_an_unreadable_count_is_an_inventory_error(value):
    with pytest.raises(InventoryError) as caught:
        parse_inventory([value])
    assert "whole number up to" in str(caught.value) and len(str(caught.value)) < 200


def test_counts_in_range_are_read():
    assert parse_inventory(["grass-1=10000"])["grass-1"] == 10_000
    assert parse_inventory(["grass-1=007"])["grass-1"] == 7


def test_print_lacking_with_a_huge_count_exits_2_and_writes_nothing(tmp_path):
    g = tmp_path / "g"
    shutil.copytree(FIX / "mini-heroscape", g)
    runner.invoke(app, ["import-map", str(FIX / "maps" / "ladders.hsc"), "--into", str(g), "--name", "Ladders"])
    for value in (BAD[0], BAD[2]):
        r = runner.invoke(app, ["print-lacking", str(g), "--map", "Ladders", "--own", value, "--out",
                                str(tmp_path / "out")])
        assert r.exit_code == 2, r.output
        assert "whole number up to 10000" in r.output and not isinstance(r.exception, ValueError)
        assert not (tmp_path / "out").exists()


def test_a_map_region_level_that_is_no_ascii_number_is_a_shape_error():
    from printgen.mesh.shapes import ShapeError, region_levels

    for level in ("²", "9" * 5000):
        with pytest.raises(ShapeError, match="whole number"):
            region_levels(f"Arena:Grass:{level}", object())
