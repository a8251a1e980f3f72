"""The Doomwheel Race's AI players (docs/ai.md, "The Doomwheel Race"): `easy`,
`normal` and the experimental `hard`, made by game.ai.agents.make_agent(...,
ruleset="doomwheel"). They answer the decisions of game.rules.doomwheel through the
one protocol, each from its own seeded generator, never the game's dice. Modules:
track (the racing line: progress round the race through the ordered lap lines),
knowledge (chart odds and worths in inches), look (following a choice on a clone of
the state with the engine itself), normal, easy, hard."""
