"""Lists of choices come from their registries: a new paper or mesh format reaches the CLI, the
data model and the output checks by being registered once."""

from __future__ import annotations

from pathlib import Path
from typing import get_args

from typer.testing import CliRunner

from printgen.cli import PAPER_CHOICES, app
from printgen.mesh.export import EXPORTERS
from printgen.mesh.options import STL_OPTIONS
from printgen.model.content import MapDef
from printgen.model.game import HexSpec, MeshFormat, MeshSpec
from printgen.units import PAPER_SIZES


def test_mesh_formats_the_model_accepts_are_the_exporters():
    assert set(get_args(MeshFormat)) == set(EXPORTERS)
    fmt = next(o for o in STL_OPTIONS if o.name == "fmt")
    assert fmt.choices == tuple(EXPORTERS)


def test_papers_come_from_the_paper_registry():
    assert set(PAPER_CHOICES) - {"both"} == set(PAPER_SIZES)
    assert set(get_args(MapDef.model_fields["fit"].annotation.__args__[0])) == set(PAPER_SIZES)
    out = CliRunner().invoke(app, ["build", "--help"]).output
    assert all(p in out for p in PAPER_SIZES)


def test_stl_help_states_the_model_defaults():
    helps = {o.name: o.help for o in STL_OPTIONS}
    assert f"{HexSpec().size:g}mm" in helps["hex"]
    assert f"{MeshSpec().height:g}mm" in helps["height"] and f"{MeshSpec().clearance:g}mm" in helps["clearance"]


def test_a_tile_without_a_game_uses_the_model_defaults(tmp_path):
    from printgen.mesh.api import make_tile

    result = make_tile(shape="1", out=tmp_path / "t.stl")
    assert result.spec.size == HexSpec().size and result.spec.height == MeshSpec().height
    assert result.spec.clearance == MeshSpec().clearance and result.spec.orientation == HexSpec().orientation


def test_the_preflight_classes_are_the_readme_table_and_the_settings_keys():
    import re

    from printgen.model.game import PreflightSpec
    from printgen.preflight.classes import CLASSES

    readme = (Path(__file__).parent.parent / "docs" / "how-to" / "printing.md").read_text()  # the README's, moved
    table = re.findall(r"^\| `([a-z-]+)` \| (.+) \|$", readme.split("## Preflight", 1)[1].split("\n## ", 1)[0], re.M)
    assert dict(table) == CLASSES
    block = readme.split("## Preflight", 1)[1].split("```yaml", 1)[1].split("```", 1)[0]
    import yaml

    spec = PreflightSpec.model_validate(yaml.safe_load(block)["preflight"])  # the README's example loads as written
    assert spec.severity["placeholder"] == "error" and abs(spec.printable - 6.35) < 1e-9
