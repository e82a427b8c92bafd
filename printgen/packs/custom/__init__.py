"""A game with no rule pack (``system: custom``): its kinds are declared in game.yaml and its faces are
layouts; the shared checks and the declared kinds' checks are all it gets."""

from ...model.content import Content, Rules
from ..base import RulePack

PACK = RulePack(system="custom", title="custom", data_model=Content, rules_model=Rules)
