"""Pure-Python engine core: dice as chance steps, events, the ruleset protocol,
loading of JSON files. Never imports pygame or pymunk."""
