# `make play` sets everything up and starts the game; `make test` sets everything up and runs the tests.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: play test lint bench clean

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

play: $(BIN)/.installed
	$(BIN)/tarocchino

test: $(BIN)/.installed
	$(BIN)/ruff check game ai tui tests
	$(BIN)/python -m pytest

bench: $(BIN)/.installed
	$(BIN)/tarocchino bench

clean:
	rm -rf $(VENV) build *.egg-info
