# Two commands: `make play` and `make test`. Each creates or reuses .venv and
# reinstalls only when pyproject.toml changes (a stamp file).
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: play test test-slow test-fast bench fast clean-fast clean

# `make play` compiles the hot modules with mypyc once (needs a C compiler; tools/fast.py)
# into build/fast/, rebuilt only when one of their sources changes; without a compiler,
# or if the build fails, the game runs pure Python. The work tree stays pure: `make test`
# tests pure Python. Remove the build with `make clean-fast`.

$(BIN)/python:
	$(PY) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

play: $(STAMP)
	@$(BIN)/python tools/fast.py ensure
	$(BIN)/python -m game

test: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m pytest -n auto --durations=15

# the long suites (200-game save soak, AI arenas) that `make test` leaves out
test-slow: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m pytest -n auto -m slow --durations=10

bench: $(STAMP)
	$(BIN)/python tools/bench.py --compiled

# (re)build the compiled modules now, even after a failed build
fast: $(STAMP)
	$(BIN)/python tools/fast.py build

# the whole suite against a compiled copy in a temp folder (the work tree is untouched)
test-fast: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python tools/fast.py test -n auto -p no:warnings

clean-fast:
	rm -rf build *__mypyc*.so
	find game -name '*.so' -delete

clean: clean-fast
	rm -rf $(VENV) *.egg-info
