# `make play` sets up what the game needs and starts it; `make test` adds the test tools and runs
# the tests. Each step says what it does; pip shows what it downloads and installs.
# Another Python gets a virtual environment of its own beside .venv, named after its version
# (`make test PYTHON=$(pyenv prefix 3.13.0)/bin/python` makes and uses .venv-3.13.0), so one
# checkout tests several Pythons; `make clean` removes them all.
PYTHON ?= python3
PYTHON_VERSION := $(shell $(PYTHON) -c 'import sys; print(*sys.version_info[:3], sep=".")')
VENV ?= $(if $(filter python3,$(PYTHON)),.venv,.venv-$(PYTHON_VERSION))
BIN := $(VENV)/bin
PIP := $(BIN)/python -m pip --disable-pip-version-check
CODE := game ai table store text net web tui cli  # the layers, bottom to top
STEP = @printf '\n==> %s\n' 

.PHONY: play test lint bench catalogue clean

$(BIN)/.game: pyproject.toml
	$(STEP)"1/2 creating the virtual environment in $(VENV) (Python: $(PYTHON))"
	$(PYTHON) -m venv $(VENV)
	$(STEP)"2/2 installing the game and what it needs (Textual, aiohttp, textual-serve)"
	$(PIP) install --progress-bar on -e .
	@touch $@
	$(STEP)"ready: $(BIN)/tarocchino"

# The game and the test tools in one pip run (one build of the editable install, not two); the
# virtual environment is created first if `make play` has not made it yet.
$(BIN)/.test: pyproject.toml
	$(STEP)"1/2 the virtual environment in $(VENV) (Python: $(PYTHON))"
	@if [ -x $(BIN)/python ]; then echo "already there"; \
	else echo "$(PYTHON) -m venv $(VENV)"; $(PYTHON) -m venv $(VENV); fi
	$(STEP)"2/2 installing the game, what it needs and the test tools (pytest, pytest-asyncio, hypothesis, snapshots, xdist, ruff, mypy)"
	$(PIP) install --progress-bar on -e '.[test]'
	@touch $(BIN)/.game $@

play: $(BIN)/.game
	$(BIN)/tarocchino

# mypy: the layers and how strictly each is checked are in pyproject.toml ([tool.mypy]); it
# runs beside the tests (its 5 s on one core), says what it found after them, and fails the run
# as a failed test does.
# compileall: the game's modules compiled once, up front (what changed since, only), even where
# PYTHONDONTWRITEBYTECODE is set; the tests start many Python processes (workers, bots, the
# command line), and each would compile them again. pytest runs without that variable for the
# same reason: it keeps the test modules it rewrote (for its assert messages) only where Python
# may write bytecode, else each worker rewrites all of them again (some 3 s of each one's time).
test: $(BIN)/.test
	$(BIN)/ruff check $(CODE) tests
	$(BIN)/ruff format --check $(CODE) tests
	$(BIN)/python -m compileall -q $(CODE)
	@echo "$(BIN)/mypy (beside the tests)"
	@$(BIN)/mypy > $(VENV)/mypy.txt 2>&1 & types=$$!; \
	env -u PYTHONDONTWRITEBYTECODE $(BIN)/python -m pytest; tests=$$?; \
	wait $$types; typed=$$?; echo "mypy:"; cat $(VENV)/mypy.txt; \
	[ $$tests -eq 0 ] && [ $$typed -eq 0 ]

lint: $(BIN)/.test
	$(BIN)/ruff check $(CODE) tests
	$(BIN)/ruff format --check $(CODE) tests
	$(BIN)/mypy

# The words to translate: the template from the source, what each language lacks in its new.po,
# and the compiled catalogues the game reads (text/locale/; tests/support/catalogue.py).
catalogue: $(BIN)/.test
	$(BIN)/python -m tests.support.catalogue

bench: $(BIN)/.game
	$(BIN)/tarocchino bench

clean:
	rm -rf $(VENV) .venv .venv-* build *.egg-info
