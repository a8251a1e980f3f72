"""A short text of our own for each of the 44 army lists (the Armies screen's
nation card), written from each list's facts: its troops, tags, government and
motivation. Keyed by the nation's name as the lists print it. Plain Python."""

from __future__ import annotations

BLURBS: dict[str, str] = {
    "Aeja": "A tribal realm that lives by raiding. Solid blocks of pikes, levied and regular, hold the centre "
            "while pirates rush ahead and archers thin the enemy.",
    "Altengard": "A crusading monarchy with little love for magic. Its armoured knights hit hard; hired pike "
                 "and arquebusiers stiffen the steady foot.",
    "Barylistan": "Raiders of the plains who trust their horse. Shock cavalry leads, backed by many light "
                  "foot of uneven quality and a core of veterans.",
    "Beastmen": "Packs of half-beasts that fight to conquer. Every band frightens its foes, but only the "
                "skirmishers keep any order.",
    "Black Moon Incarnate": "The dark moon's own host: demons great and small, winged men and gargoyles, and "
                            "a horde of worshippers. It is never raised by recruiting rolls.",
    "Border King": "Frontier lords pushing into new lands. A few retinue horse and foot lead the rough "
                   "borderers and skirmishers of the marches.",
    "Brethren": "A holy order of knights and sergeants, both drilled to a fine edge, backed by heavy "
                "spearmen, crossbows and the peasants who follow the cause.",
    "Capalan League": "Rich trading cities that pay for their wars. Knights, guards and city militia, with "
                      "crossbows, country levies and hired arquebusiers.",
    "Centaurs": "Horse-folk who are their own mounts. Every centaur band charges home and strikes fear, "
                "from the heavy warriors to the archers.",
    "Chapka": "A warlike kingdom of chariots and elephants. Heavy chariots and cavalry strike; the foot and "
              "archers are numerous but hard to control.",
    "Demeskeen": "An empire of slave soldiers and tribal allies. The Black Guard and ghulams shoot and charge; "
                 "tribesmen and Turcomen ride around them.",
    "Dwarves, Black Moon": "Dwarves who serve the dark moon. Crossbows and cannon shoot while frenzied "
                           "soldiers and fanatical servants close in.",
    "Dwarves, Red Sun": "A loyal dwarf kingdom of hard, well-armoured soldiers: crossbows, the elite Anvil "
                        "Guard, wild berserks and cannon.",
    "Ekra": "A great monarchy of knights and peasants. Elite knights lead; levied foot, crossbows and hired "
            "arquebusiers fill the line.",
    "Elves, Black Moon": "Elves turned to the dark moon: elite hunters and archers, frenzied disciples and "
                         "fanatic devotees beside their brethren.",
    "Elves, Silver": "Sea-going elf cities whose archers and guards are among the best anywhere; marines "
                     "can shoot or fight as the moment needs.",
    "Entoich": "An old empire of chariots. Heavy and light chariots lead a host of guards, spearmen, archers "
               "and tribal horse.",
    "Eskelin": "A seafaring kingdom with elite knights and nimble jinetes, heavy and light spearmen, "
               "crossbows, archers and slingers.",
    "Goblins": "Goblin hordes out for loot: swarms of frenzied goblins, archers, wolf riders and hulking "
               "ogres that terrify their foes.",
    "Hykar": "Steppe raiders on horseback. Noble cavalry shoot and charge; the Jurgen foot, nobles and "
             "archers follow behind.",
    "Kjoth": "A disciplined empire of pike and engines. Drilled pikemen hold the line, ballistae and "
             "crossbows shoot, heavy cavalry charges.",
    "Kurinthia": "Tribal war bands that raid their neighbours. Veterans and warbands with two kinds of "
                 "weapon, screened by skirmishers.",
    "Malohades": "Zealous desert tribes. Elite mamelukes and guards, ghulams who shoot and charge, Turcomen "
                 "horse and a mass of foot and archers.",
    "Mangu": "Conquering horse-lords. Elite lancers and horse archers ride rings round the enemy; levies "
             "and cannon come along.",
    "Merchen": "A conquering empire of chariots and horse archers, with levies that both shoot and fight and "
               "a screen of skirmishers.",
    "Mirholme": "Sea raiders who fight on foot. Death dealers, veteran warriors and warriors throw themselves "
                "at the enemy; a few skirmishers screen them.",
    "Mirish": "A proud horse kingdom. Armoured clibinarii and cataphracts charge; elephants, levies and "
              "skirmishers make up the rest.",
    "Mountain Giants": "Giants, trolls and ogres from the high places. Few in number, they hurl rocks and "
                       "terrify everything in their way.",
    "Orcs": "Orc hordes bent on conquest: orcs, bugbears and trolls in a frenzy, dire wolf riders, archers "
            "and ogres.",
    "Riata": "Proud tribes who fight for glory and plunder. Noble horse and frenzied warriors charge; "
             "archers and javelin men skirmish.",
    "Rodentmen": "Rat-folk swarming out to settle new ground. Armoured rats, packs and giant rats come on in "
                 "a frightening frenzy.",
    "Seniira": "A small city state that copies the legions: veterans, infantry with two kinds of weapon, "
               "auxiliaries and skirmishers.",
    "Sortium": "An old empire of armoured horse: clibanarii and kataphractoi, foot in close order, light "
               "troops and hired horse and warriors.",
    "Stygustan": "A priestly empire on the river: light chariots, archers and a mass of infantry and "
                 "axemen who are hard to hold back.",
    "Tereken": "Island raiders: pirate veterans, warbands and buccans who charge at will, with a few "
               "skirmishers.",
    "Torem": "A league of trading cities with an elephant or two, cavalry, infantry with two kinds of "
             "weapon, levies and skirmishers.",
    "Treyine": "A kingdom famed for its archers behind their stakes, with foot knights, infantry, "
               "borderers and hired arquebusiers.",
    "Tropilium": "The heart of a great empire: drilled legionaries, auxiliaries, archers, slingers, horse "
                 "and ballistae.",
    "Tropilium Northern Marches": "The empire's northern frontier: armoured clibanarii, legionaries, "
                                  "auxiliaries, archers and ballistae.",
    "Tropilium Southern Marches": "The empire's southern frontier, where legion and island troops serve "
                                  "side by side: equites, legionaries and wild isle warriors.",
    "Undead": "The risen dead of a dark kingdom: cavalry, archers and infantry that never falter and "
              "terrify the living.",
    "Valkae": "Independent cities of nobles and warriors: elite nobles, frenzied sword maidens, archers, "
              "slingers, cavalry and marines.",
    "Zamba": "A tribal people of archers and wild horsemen who charge in a frenzy and are hard to hold back.",
    "Zheman": "A conquering monarchy of heavy chariots and cavalry, with veteran and levy infantry, archers "
              "and skirmishers.",
}

TACTICS = {  # Battle Tactics letter -> our words (rrtk-battle.md §10.5, §14.2)
    "A": "Type A: defends on the ground the dice give (no terrain modifier)",
    "B": "Type B: prefers open ground (defending, -1 on the terrain die)",
    "C": "Type C: prefers broken ground (defending, +1 on the terrain die)",
}


def blurb(name: str) -> str:
    """The nation's text, or a plain line if it has none."""
    return BLURBS.get(name, "An army of the lists.")
