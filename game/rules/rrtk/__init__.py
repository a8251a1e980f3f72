"""Rally Round the King (Two Hour Wargames; spec: shared/rules/rrtk-battle.md and
rrtk-magic-heroes-solo-campaign.md): so far its army lists and army building, headless.
Modules: lists (the 44 lists, game/rules/rrtk/data/army-lists.json), army (the Army
model, points, the rule check), muster (recruiting rolls as chance steps), armyfile
(army files). It has no battle yet, so its registration carries no ruleset object and
no state: the registry lists it among every registration but not among the playable
ones (docs/rrtk-armies.md)."""

from __future__ import annotations

NAME = "rrtk"
ARMY_FILE_MAX_BYTES = 256_000  # the army file size cap (docs/rrtk-armies.md): `army check` and `validate` alike


def _register() -> None:
    from game.core import registry
    registry.register(registry.Registration(
        name=NAME, title="Rally Round the King", short="RRtK", order=200, package="rrtk",
        file_kinds={"rrtk-army": "game.rules.rrtk.armycheck:validate_data"},
        file_caps={"rrtk-army": ARMY_FILE_MAX_BYTES}))


_register()
