"""The battle rules' charts as data (rrtk-battle.md): each table a plain mapping from
its dice or keys to a result, read by pure functions of die faces, each row tested
with forced faces. Nothing here knows the game state or the table."""
