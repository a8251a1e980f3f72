"""Levels: what the rules play on (race courses today; a battlefield next).

Shared by every kind of level: ``plane`` (geometry), ``boxtree`` (nearness queries),
``level`` (problems, the collecting reader, point and list readers), ``pieces``
(obstacles and decorations), ``profile`` (what a ruleset asks of its levels: the hooks
the loader and the checks call instead of asking a ruleset's name) and ``tiled_map``
(reading a Tiled map). Courses: ``course`` (the public face: import from there),
``course_model``, ``course_io``, ``course_start``, ``course_check`` (with
``course_geo``, ``course_errors``, ``course_passage``), ``course_list`` and ``tiled``.
This layer imports game.core and game.table only; the rulesets give their
profiles through their registrations (game.core.registry: level_profile).
"""
