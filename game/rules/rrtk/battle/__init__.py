"""Rally Round the King's battle (issue 16; spec: shared/rules/rrtk-battle.md).

The battle engine lives here, beside the army lists one level up:
- charts/: every table of the battle rules as data, with pure functions over die
  faces (reaction sheets, movement rates, missile and melee modifiers, terrain
  generation, War Rating, leader risk): no state, no table;
- the state (§23.1-23.4), the stands on the table (§1, §3), Bodies (§8), the turn
  state machine on the shared step machine (§23.5) with Reaction Tests as frames
  (§23.6), and the scenario runner.
"""
