"""Hypothesis profiles.

``make test`` (and so CI) runs the ``ci`` profile: every property test draws
the same examples on every run, so a red CI points at a change, not at luck.
``HYPOTHESIS_PROFILE=explore make test`` draws fresh random examples each run,
to look for new failures; a failure prints the example and a blob that replays it.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("explore", derandomize=False, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
