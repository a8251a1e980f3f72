"""The Wild Race charts as data: roll -> result name (spec §7, §8, §9, §11).
The effects of each row live with their phase; every row has a forced-dice test."""

from __future__ import annotations

JUMP = {1: "Refusal", 2: "Hesitant", 3: "Jump", 4: "Jump", 5: "Jump", 6: "Leap"}
OVERTAKE = {1: "Rear-end collision", 2: "Block", 3: "Overtaken", 4: "Overtaken", 5: "Bump", 6: "Slipstream"}
SPUR = {1: "Wild Beast", 2: "Numb", 3: "Numb", 4: "Yah!", 5: "Yah!", 6: "Yeehaw!"}
WHIP = {1: "Disaster!", 2: "Tug of War!", 3: "Clang", 4: "Clang", 5: "Stinger", 6: "Crack!"}
BARGE = {1: "Catastrophe!", 2: "Slip", 3: "Arm Wrestle", 4: "Surprise!", 5: "Oomph!", 6: "Boosh!"}
UNBALANCED = {1: "Catapult", 2: "Slow Fall", 3: "Whoa", 4: "Easy", 5: "Steady", 6: "Bill-paying skills"}

# Grand Prix points for places 1-11 (§13); the last-placed racer and casualties score 0.
GP_POINTS = (15, 12, 10, 9, 8, 7, 6, 5, 4, 3, 2)

CHARTS = {"jump": JUMP, "overtake": OVERTAKE, "spur": SPUR, "whip": WHIP, "barge": BARGE,
          "unbalanced": UNBALANCED}
