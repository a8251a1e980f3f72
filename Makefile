# Two commands: `make play` and `make test`. Each creates or reuses .venv and
# reinstalls only when pyproject.toml changes (a stamp file).
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: play test bench fast clean-fast clean

# Optional: compile the geometry kernels with mypyc (needs a C compiler). The pure
# Python modules stay the reference; remove the build with `make clean-fast`.
FAST_MODULES := game/table/geometry.py game/table/table.py game/core/polyline.py

$(BIN)/python:
	$(PY) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/python -m game

test: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m pytest --durations=15

bench: $(STAMP)
	$(BIN)/python tools/bench.py --compiled

fast: $(STAMP)
	$(BIN)/mypyc $(FAST_MODULES)

clean-fast:
	rm -rf build *__mypyc*.so game/table/*.so game/core/*.so

clean: clean-fast
	rm -rf $(VENV) *.egg-info
