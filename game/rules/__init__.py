"""The rule sets, each behind the one protocol (game.core.protocol) and each
registered in game.core.registry by its own package (game/rules/<package>/)."""

from __future__ import annotations

from game.core.protocol import Ruleset


def by_name(name: str) -> Ruleset:
    """The ruleset object for a registered name ('wild-race' and 'wild_race' alike);
    ValueError for an unknown one."""
    from game.core import registry
    reg = registry.find(name, playable=True)
    if reg is None or reg.ruleset is None:
        raise ValueError(f"unknown ruleset {name!r} (known: {registry.known()})")
    return reg.ruleset


def ruleset_of(state: object) -> Ruleset:
    """The ruleset object a game state belongs to."""
    from game.core import registry
    rules = registry.of_state(state).ruleset
    assert rules is not None  # of_state finds only registrations with a state type
    return rules
